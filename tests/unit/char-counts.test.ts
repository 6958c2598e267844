/**
 * A char's counts token: written after the char's tokens in each form, it holds each reel's hits
 * of the char, as counting the char in the form's text finds them; a single-char lookup reads it
 * alone, and the lookups of the char's tokens pass it over.
 */
import { describe, expect, it } from "vitest";
import type { IndexColumn } from "../../server/modules/search/index-columns.ts";
import {
  type GroupRow,
  gramKeys,
  groupedLookups,
  listsOfRows,
  type ReadRow,
  type RowReads,
  writeGroupRows,
} from "../../server/modules/search/posting-groups.ts";
import { PostingListReader } from "../../server/modules/search/posting-list-bytes.ts";
import { buildPostings, type PostingReel } from "../../server/modules/search/posting-lists.ts";
import { seededRandom } from "../../server/seeded-random.ts";

const FORMS: IndexColumn[] = ["ori", "std", "sim"];
const SEG = 4;

/** Texts of a few chars, so every char meets many reels; ori and sim differ from std here and there. */
function randomReels(seed: number, count: number): PostingReel[] {
  const random = seededRandom(seed);
  const alphabet = Array.from("佛法僧如是我聞說");
  const pick = () => alphabet[Math.floor(random() * alphabet.length)] as string;
  return Array.from({ length: count }, (_, i) => {
    const std = Array.from({ length: 1 + Math.floor(random() * 60) }, pick);
    const vary = (chars: string[], from: string, to: string) =>
      chars.map((ch) => (ch === from && random() < 0.5 ? to : ch)).join("");
    // Reel numbers with gaps, one far past the rest (counted apart).
    const reel = i === count - 1 ? 2 ** 21 + 5 : i * 3;
    return { reel, text: { ori: vary(std, "說", "説"), std: std.join(""), sim: vary(std, "說", "说") } };
  });
}

async function rowsOf(reels: PostingReel[]): Promise<GroupRow[]> {
  const rows: GroupRow[] = [];
  await writeGroupRows(
    buildPostings(reels),
    (row) => rows.push(row),
    () => null,
  );
  return rows;
}

const readRows = (rows: readonly GroupRow[], form: IndexColumn): ReadRow[] =>
  rows.flatMap((row) =>
    row[form] === null
      ? []
      : [{ seg: SEG, key: row.key, list: row[form], std: form === "std" ? null : row.std }],
  );

/** Lookups over rows held in memory, as the databases read them (sqlite-posting-store.ts). */
function memoryReads(rows: readonly GroupRow[]): RowReads {
  return {
    async rowsOfTokens(_db, column, _slot, keys) {
      return keys.flatMap((target) => {
        const { lo } = gramKeys(String.fromCodePoint(Math.floor(target / 2 ** 21)));
        const row = readRows(rows, column)
          .filter((r) => r.key >= lo && r.key <= target)
          .at(-1);
        return row ? [{ ...row, target }] : [];
      });
    },
    async rowsInRange(_db, column, _slot, lo, hi) {
      return readRows(rows, column).filter((r) => r.key >= lo && r.key <= hi);
    },
    async rangesHeld(_db, column, ranges) {
      const keys = readRows(rows, column).map((row) => row.key);
      return new Set(ranges.flatMap(({ lo, hi }, i) => (keys.some((k) => k >= lo && k <= hi) ? [i] : [])));
    },
  };
}

function countsIn(reels: readonly PostingReel[], form: IndexColumn, ch: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { reel, text } of reels) {
    const n = Array.from(text[form]).filter((c) => c === ch).length;
    if (n > 0) counts.set(reel, n);
  }
  return counts;
}

const asMap = (list: Uint8Array): Map<number, number> => {
  const reader = new PostingListReader(list);
  return new Map(Array.from(reader.reels, (reel, i) => [reel, reader.counts[i] as number]));
};

describe("a char's counts token", () => {
  for (const seed of [1, 2, 3]) {
    it(`holds each reel's hits of the char in each form (seed ${seed})`, async () => {
      const reels = randomReels(seed, 40);
      const rows = await rowsOf(reels);
      const lookups = groupedLookups(memoryReads(rows));
      const db = null as never;
      for (const form of FORMS) {
        const chars = new Set(reels.flatMap((reel) => Array.from(reel.text[form])));
        for (const ch of chars) {
          const found = await lookups.charCounts(db, form, 0, ch);
          expect(
            found.map((row) => [row.gram, row.seg]),
            `${form} ${ch}`,
          ).toEqual([[ch, SEG]]);
          expect(asMap((found[0] as { list: Uint8Array }).list), `${form} ${ch}`).toEqual(
            countsIn(reels, form, ch),
          );

          // The lists of the char's tokens leave it out and add up to it.
          const summed = new Map<number, number>();
          for (const { list } of await lookups.prefixLists(db, form, 0, ch))
            for (const [reel, n] of asMap(list)) summed.set(reel, (summed.get(reel) ?? 0) + n);
          expect(summed, `${form} ${ch}`).toEqual(countsIn(reels, form, ch));
        }
        // A char the form lacks has no counts, and is not found.
        expect(await lookups.charCounts(db, form, 0, "無")).toEqual([]);
        expect(await lookups.existing(db, form, [...chars, "無"])).toEqual(chars);
      }
    });
  }

  it("is stored empty in ori and sim where it equals std's, as any token is", async () => {
    const reels = randomReels(9, 30);
    const rows = await rowsOf(reels);
    const countsOf = (form: IndexColumn, ch: string, withStd = true) =>
      listsOfRows(
        readRows(rows, form).map((row) => (withStd ? row : { ...row, std: null })),
        (key) => key === gramKeys(ch).hi,
      );
    // 佛 is the same in every form: ori's and sim's lists are empty, read as std's.
    expect(countsOf("ori", "佛")).toEqual(countsOf("std", "佛"));
    expect(() => countsOf("ori", "佛", false)).toThrow(RangeError);
    expect(() => countsOf("sim", "佛", false)).toThrow(RangeError);
    // 說 differs: sim's holds its own counts.
    expect(asMap((countsOf("sim", "說", false)[0] as { list: Uint8Array }).list)).toEqual(
      countsIn(reels, "sim", "說"),
    );
  });
});
