import { describe, expect, it } from "vitest";
import { INDEX_COLUMNS, type IndexColumn } from "../../server/modules/search/index-writer.ts";
import {
  maxPostingListBytes,
  readPostingList,
  writePostingList,
} from "../../server/modules/search/posting-list-bytes.ts";
import { buildPostings, type PostingReel, type Postings } from "../../server/modules/search/posting-lists.ts";
import { buildPostingsInThreads } from "../../server/modules/search/posting-threads.ts";
import { sortTokens } from "../../server/modules/search/token-sort.ts";
import { seededRandom } from "../../server/seeded-random.ts";

const reels: PostingReel[] = [
  { reel: 3, text: { ori: "如是我聞如是", std: "如是我聞如是", sim: "如是我闻如是" } },
  { reel: 7, text: { ori: "𤦲佛說𤦲佛", std: "佛佛說佛佛", sim: "佛佛说佛佛" } },
  { reel: 8, text: { ori: "", std: "", sim: "" } },
  { reel: 12, text: { ori: "是我", std: "是我", sim: "是我" } },
];

type Row = { gram: string; lists: Record<IndexColumn, Uint8Array | null> };

/** A list as search_posting stores it. */
function stored(ints: Int32Array, from: number, to: number): Uint8Array {
  const bytes = new Uint8Array(maxPostingListBytes(to - from));
  return bytes.slice(0, writePostingList(ints, from, to, bytes, 0));
}

async function rowsOf(postings: Postings): Promise<Row[]> {
  const rows: Row[] = [];
  let form = 0;
  await postings.write(
    {
      row(first, second) {
        const gram = String.fromCodePoint(first) + (second === 0 ? "" : String.fromCodePoint(second));
        rows.push({ gram, lists: { ori: null, std: null, sim: null } });
        form = 0;
      },
      list(ints, from, to) {
        const row = rows.at(-1) as Row;
        row.lists[INDEX_COLUMNS[form++] as IndexColumn] = ints === null ? null : stored(ints, from, to);
      },
    },
    () => null,
  );
  return rows;
}

/** Each form's gram → reel → places, counted the plain way. */
function expectedPlaces(
  form: IndexColumn,
  indexed: readonly PostingReel[] = reels,
): Map<string, Map<number, number[]>> {
  const grams = new Map<string, Map<number, number[]>>();
  for (const { reel, text } of indexed) {
    const chars = Array.from(text[form]);
    chars.forEach((char, place) => {
      const gram = char + (chars[place + 1] ?? "");
      const byReel = grams.get(gram) ?? new Map<number, number[]>();
      const places = byReel.get(reel);
      if (places) places.push(place);
      else byReel.set(reel, [place]);
      grams.set(gram, byReel);
    });
  }
  return grams;
}

function decoded(list: Uint8Array): Map<number, number[]> {
  const { reels: numbers, ends, places } = readPostingList(list);
  const byReel = new Map<number, number[]>();
  numbers.forEach((reel, i) => {
    byReel.set(reel, [...places.subarray(i === 0 ? 0 : (ends[i - 1] as number), ends[i] as number)]);
  });
  return byReel;
}

const codePointOrder = (a: string, b: string): number => {
  const x = Array.from(a, (c) => c.codePointAt(0) as number);
  const y = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(x.length, y.length); i++)
    if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x.length - y.length;
};

/** The rows decode to every gram's places by reel, grams in code point order, once each. */
function expectListed(rows: Row[], indexed: readonly PostingReel[]): void {
  const grams = rows.map((row) => row.gram);
  expect(grams).toEqual([...grams].sort(codePointOrder));
  expect(new Set(grams).size).toBe(grams.length);
  for (const form of INDEX_COLUMNS) {
    const expected = expectedPlaces(form, indexed);
    const found = new Map<string, Map<number, number[]>>();
    for (const row of rows) {
      const list = row.lists[form];
      if (list === null) continue;
      // An empty ori or sim list stands for std's.
      found.set(row.gram, decoded(list.length === 0 ? (row.lists.std as Uint8Array) : list));
      if (list.length === 0) expect(form).not.toBe("std");
    }
    expect(found, form).toEqual(expected);
  }
}

const CHARS = ["如", "是", "我", "聞", "佛", "說", "法", "𤦲", "𠀀", "經"];

/** Reels whose ori differs from std at a share of its chars, one in ten in length too. */
function reelsDiffering(seed: number, share: number): PostingReel[] {
  const next = seededRandom(seed);
  const pick = () => CHARS[Math.floor(next() * CHARS.length)] as string;
  const chars = (length: number) => Array.from({ length }, pick);
  return Array.from({ length: 60 }, (_, i) => {
    const std = chars(Math.floor(next() * 40));
    const ori =
      next() < 0.1 ? chars(Math.floor(next() * 40)) : std.map((char) => (next() < share ? pick() : char));
    return { reel: 3 + 2 * i, text: { ori: ori.join(""), std: std.join(""), sim: std.join("") } };
  });
}

describe("search posting lists", () => {
  it("list every gram's places by reel for each form, in code point order, forms equal to std's empty", async () => {
    const rows = await rowsOf(buildPostings(reels));
    expectListed(rows, reels);
    const sameAsStd = rows.find((row) => row.gram === "如是");
    expect(sameAsStd?.lists.ori?.length).toBe(0);
    expect(rows.find((row) => row.gram === "𤦲佛")?.lists.std).toBeNull();
  });

  it("hold texts of more distinct chars than two of them fit in 32 bits", async () => {
    // 66,000 chars from the unified ideographs and extension B on, each met in two reels.
    const chars = Array.from({ length: 66_000 }, (_, i) =>
      String.fromCodePoint(i < 20_000 ? 0x4e00 + i : 0x20000 + i - 20_000),
    );
    const text = (from: number, step: number) =>
      Array.from({ length: chars.length }, (_, i) => chars[(from + i * step) % chars.length]).join("");
    const wide: PostingReel[] = [
      { reel: 1, text: { ori: text(0, 7), std: text(0, 7), sim: text(5, 7) } },
      { reel: 2, text: { ori: text(3, 13), std: text(3, 17), sim: text(3, 17) } },
    ];
    expect(sortTokens(wide.map((reel) => reel.text.std)).keys).toBeInstanceOf(Float64Array);
    expectListed(await rowsOf(buildPostings(wide)), wide);
  }, 30_000);

  it("give ori's places from std's lists and where the two differ: at none, a few, many or all chars", async () => {
    for (const [seed, share] of [
      [1, 0],
      [2, 0.03],
      [3, 0.3],
      [4, 1],
    ] as const) {
      const differing = reelsDiffering(seed, share);
      expectListed(await rowsOf(buildPostings(differing)), differing);
    }
  });

  it("come out the same when std's and sim's are built in threads of their own", async () => {
    expect(await rowsOf(await buildPostingsInThreads(reels))).toEqual(await rowsOf(buildPostings(reels)));
  });
});
