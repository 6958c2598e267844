/**
 * The import rules of the character types: which characters are variant forms (fully synonymous
 * groups of CBETA's variant table, all but the most used member), how the counts are made, and
 * which characters get a row with which forms and flags; on small tables and on the corpus itself.
 */
import { describe, expect, it } from "vitest";
import { createTextFormConverter } from "../../contract/text-forms.ts";
import { CharCounter } from "../../server/import/char-types/char-census.ts";
import { charTypeRows, gaijiByText } from "../../server/import/char-types/char-type-rows.ts";
import {
  loadVariantForms,
  memberResolver,
  parseCharUsage,
  variantForms,
} from "../../server/import/char-types/variant-forms.ts";
import { type GaijiEntry, loadGaiji } from "../../server/import/gaiji.ts";
import { resolveCanonSources } from "../../server/import/sources.ts";
import { corpusDir } from "../support/corpus.ts";

const GAIJI: Record<string, string> = { CB00021: "\u{F0015}", CB00006: "𤦲" };
const resolve = memberResolver((code) => GAIJI[code] ?? null);

describe("variant forms", () => {
  const usage = new Map([
    ["為", 900],
    ["爲", 40],
    ["䓲", 5],
    ["云", 1000],
    ["雲", 300],
    ["甲", 3],
    ["乙", 3],
  ]);

  it.each([
    ["the less used member of a fully synonymous pair", [{ type: "完全同義", chars: "爲,為" }], ["爲"]],
    ["nothing from a partly synonymous pair", [{ type: "部分同義", chars: "雲,云" }], []],
    [
      "a gaiji code as the character the texts hold",
      [{ type: "完全同義", chars: "CB00021,䓲" }],
      ["\u{F0015}"],
    ],
    ["nothing from a pair tied for most used", [{ type: "完全同義", chars: "甲,乙" }], []],
    ["nothing from a group left with one member", [{ type: "完全同義", chars: "CB99999,䓲" }], []],
    [
      "a character of several groups once",
      [
        { type: "完全同義", chars: "爲,為" },
        { type: "完全同義", chars: "為,爲" },
      ],
      ["爲"],
    ],
  ])("gives %s", (_name, groups, expected) => {
    expect([...variantForms(groups, usage, resolve)].sort()).toEqual(expected);
  });

  it("reads CBETA's frequencies, a gaiji code's count added to its character's", () => {
    const csv = "char,count\n不,3449527\nCB00006,12\n𤦲,3\n,,7\nbroken\n";
    expect(parseCharUsage(csv, resolve)).toEqual(
      new Map([
        ["不", 3449527],
        ["𤦲", 15],
        [",", 7],
      ]),
    );
  });

  it("on the corpus: 爲, 卻 and 缽 are variant forms, 為, 却, 鉢, 云 and 不 are not", () => {
    const sources = resolveCanonSources(corpusDir());
    const gaiji = loadGaiji(sources.gaijiDir);
    const forms = loadVariantForms(
      sources.metadataDir,
      memberResolver((code) => gaiji.byCode.get(code)?.text ?? null),
    );
    expect(forms.size).toBeGreaterThan(5000);
    for (const char of ["爲", "卻", "缽"]) expect(forms.has(char), char).toBe(true);
    for (const char of ["為", "却", "鉢", "云", "不"]) expect(forms.has(char), char).toBe(false);
    expect(loadVariantForms(null, resolve).size).toBe(0);
  });
});

describe("char type rows", () => {
  const gaiji: GaijiEntry[] = [
    {
      code: "CB08018",
      pua: 0xf1f52,
      uni_char: null,
      norm_char: "䴺",
      composition: "[麩-夫+(立/口)]",
      text: "\u{F1F52}",
    },
    {
      code: "CB00006",
      pua: 0xf0006,
      uni_char: "𤦲",
      norm_char: null,
      composition: "[(王*巨)/木]",
      text: "𤦲",
    },
  ];
  const converter = createTextFormConverter(new Map([[0xf1f52, { uni: null, norm: "䴺" }]]));
  const byText = gaijiByText(gaiji);
  const rules = {
    converter,
    variantForms: new Set(["卻", "𤦲"]),
    gaijiOf: (char: string) => byText.get(char),
  };

  it("counts characters by code point, private-use ones as one, in code point order", () => {
    const counter = new CharCounter();
    counter.add("卻\u{F1F52}卻");
    counter.add("\u{F1F52}。\uD840");
    expect([...counter.toMap()]).toEqual([
      ["。", 1],
      ["卻", 2],
      ["\uD840", 1],
      ["\u{F1F52}", 2],
    ]);
  });

  it("keeps private-use and variant characters only, with forms, flags, gaiji and counts", () => {
    const counts = new Map([
      ["卻", 76],
      ["不", 841],
      ["\u{F1F52}", 2],
      ["𤦲", 1],
      ["\u{F5254}", 1],
    ]);
    expect(charTypeRows("JS", counts, rules)).toEqual([
      {
        tripitaka_uid: "JS",
        ori_txt: "卻",
        uni_txt: "卻",
        std_txt: "卻",
        sim_txt: "却",
        code_point: 0x537b,
        is_manual: 0,
        is_deform: 1,
        frequency: 76,
        gaiji_code: null,
        composition: null,
      },
      {
        tripitaka_uid: "JS",
        ori_txt: "𤦲",
        uni_txt: "𤦲",
        std_txt: "𤦲",
        sim_txt: "𤦲",
        code_point: 0x249b2,
        is_manual: 0,
        is_deform: 1,
        frequency: 1,
        gaiji_code: "CB00006",
        composition: "[(王*巨)/木]",
      },
      {
        tripitaka_uid: "JS",
        ori_txt: "\u{F1F52}",
        uni_txt: "䴺",
        std_txt: "䴺",
        sim_txt: "䴺",
        code_point: 0xf1f52,
        is_manual: 1,
        is_deform: 0,
        frequency: 2,
        gaiji_code: "CB08018",
        composition: "[麩-夫+(立/口)]",
      },
      {
        tripitaka_uid: "JS",
        ori_txt: "\u{F5254}",
        uni_txt: "\u{F5254}",
        std_txt: "\u{F5254}",
        sim_txt: "\u{F5254}",
        code_point: 0xf5254,
        is_manual: 1,
        is_deform: 0,
        frequency: 1,
        gaiji_code: null,
        composition: null,
      },
    ]);
  });
});
