/**
 * The seeded articles' texts, byte for byte: the help in its three languages, and the three
 * introductions of tripitakas in every shape the canon gives them (imported or not, with or without
 * a CBETA collection, dynasties, categories and editions, with more names than an introduction
 * shows). The snapshots hold the texts as first written; a change to them is a change to what
 * the server seeds.
 */
import { describe, expect, it } from "vitest";
import { HELP_ARTICLES } from "../../server/modules/articles/article-seeds.ts";
import type { NamedCount, TripitakaFacts } from "../../server/modules/articles/intro-facts.ts";
import { introArticles } from "../../server/modules/articles/intro-texts.ts";

const DYNASTIES: readonly [string, string][] = [
  ["清", "清"],
  ["明", "明"],
  ["宋", "宋"],
  ["元", "元"],
  ["唐", "唐"],
  ["后秦", "後秦"],
  ["东晋", "東晉"],
  ["刘宋", "劉宋"],
  ["萧齐", "蕭齊"],
  ["萧梁", "蕭梁"],
  ["陈", "陳"],
  ["隋", "隋"],
  ["辽", "遼"],
  ["金", "金"],
];

const named = (names: readonly [string, string][]): NamedCount[] =>
  names.map(([sim, trad], i) => ({ sim, trad, sutras: 2000 - i * 150 }));

const base: TripitakaFacts = {
  uid: "JS",
  nameSim: "径山藏",
  nameTrad: "徑山藏",
  cbetaCollection: "J",
  sutras: 2189,
  reels: 12_600,
  chars: 73_456_789,
  dynasties: named(DYNASTIES),
  categories: named([
    ["禅宗部类", "禪宗部類"],
    ["宝积部类", "寶積部類"],
    ["净土宗部类", "淨土宗部類"],
    ["般若部类", "般若部類"],
    ["法华部类", "法華部類"],
    ["华严部类", "華嚴部類"],
    ["涅槃部类", "涅槃部類"],
    ["阿含部类", "阿含部類"],
    ["本缘部类", "本緣部類"],
    ["经集部类", "經集部類"],
    ["密教部类", "密教部類"],
    ["律部类", "律部類"],
    ["论集部类", "論集部類"],
  ]),
  sourceEditions: ["嘉興大藏經（新文豐版）數位版", "大正新脩大藏經數位版"],
};

const shapes: [string, TripitakaFacts][] = [
  ["imported, with more dynasties and categories than shown", base],
  [
    "imported, a few names, one edition",
    {
      ...base,
      uid: "TS",
      nameSim: "大正藏",
      nameTrad: "大正藏",
      cbetaCollection: "T",
      sutras: 3,
      reels: 5,
      chars: 999,
      dynasties: named(DYNASTIES.slice(0, 2)),
      categories: named(DYNASTIES.slice(0, 1)),
      sourceEditions: ["大正新脩大藏經數位版"],
    },
  ],
  [
    "imported, without a collection, names or editions",
    {
      ...base,
      uid: "QL",
      nameSim: "乾隆藏",
      nameTrad: "乾隆藏",
      cbetaCollection: null,
      sutras: 1,
      reels: 1,
      chars: 12,
      dynasties: [],
      categories: [],
      sourceEditions: [],
    },
  ],
  [
    "not imported, with a collection",
    {
      ...base,
      uid: "YB",
      nameSim: "永乐北藏",
      nameTrad: "永樂北藏",
      cbetaCollection: "N",
      sutras: 0,
      reels: 0,
      chars: 0,
      dynasties: [],
      categories: [],
      sourceEditions: [],
    },
  ],
  [
    "not imported, without a collection",
    { ...base, uid: "ZH", cbetaCollection: null, sutras: 0, reels: 0, chars: 0, sourceEditions: [] },
  ],
];

describe("the seeded articles' texts", () => {
  it.each(HELP_ARTICLES.map((article) => [article.uid, article] as const))("help %s", (_uid, article) => {
    expect(article).toMatchSnapshot();
  });

  it.each(shapes)("the introductions of a tripitaka %s", (_shape, facts) => {
    expect(introArticles(facts)).toMatchSnapshot();
  });
});
