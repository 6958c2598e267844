/** Packed per-user counts: a round trip keeps every user and count, and packs merge by adding. */
import { describe, expect, it } from "vitest";
import { addPackedCounts, packUserCounts } from "../../server/modules/oplog/packed-user-counts.ts";
import { seededRandom } from "../../server/seeded-random.ts";

describe("packed per-user counts", () => {
  it("unpack to the counts packed, from user 0 to the largest ids and counts", () => {
    const random = seededRandom(9);
    const counts = new Map<number, number>([
      [0, 5],
      [1, 1],
      [127, 128],
      [128, 16_384],
      [2_147_483_647, 3_000_000_000],
    ]);
    for (let i = 0; i < 5_000; i++)
      counts.set(1_000 + Math.floor(random() * 1_000_000), 1 + Math.floor(random() * 500));
    const unpacked = new Map<number, number>();
    addPackedCounts(unpacked, packUserCounts(counts));
    expect(unpacked).toEqual(counts);
  });

  it("add up when several packs are read into one map, and leave users without events out", () => {
    const totals = new Map<number, number>();
    addPackedCounts(
      totals,
      packUserCounts(
        new Map([
          [3, 2],
          [9, 1],
        ]),
      ),
    );
    addPackedCounts(
      totals,
      packUserCounts(
        new Map([
          [9, 4],
          [12, 0],
          [40, 7],
        ]),
      ),
    );
    expect(totals).toEqual(
      new Map([
        [3, 2],
        [9, 5],
        [40, 7],
      ]),
    );
    expect(packUserCounts(new Map())).toHaveLength(0);
  });
});
