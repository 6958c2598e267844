import { describe, expect, it } from "vitest";
import {
  maxPostingListBytes,
  PostingListReader,
  readPostingList,
  writePostingList,
} from "../../server/modules/search/posting-list-bytes.ts";
import { seededRandom } from "../../server/seeded-random.ts";

type Reel = { reel: number; places: number[] };

/** A list's int32 form: n, the reels, their ends, the places. */
function intsOf(reels: readonly Reel[]): Int32Array {
  const ends: number[] = [];
  let placed = 0;
  for (const { places } of reels) {
    placed += places.length;
    ends.push(placed);
  }
  return Int32Array.from([
    reels.length,
    ...reels.map((r) => r.reel),
    ...ends,
    ...reels.flatMap((r) => r.places),
  ]);
}

/** The list written among other bytes, as a row's field would hold it. */
function stored(ints: Int32Array, from = 0, to = ints.length): Uint8Array {
  const bytes = new Uint8Array(3 + maxPostingListBytes(to - from)).fill(0xee);
  const end = writePostingList(ints, from, to, bytes, 3);
  expect(end - 3).toBeLessThanOrEqual(maxPostingListBytes(to - from));
  return bytes.slice(3, end);
}

/** The places of the reel at `i` of a list read in part. */
function placesAt(reader: PostingListReader, i: number): Int32Array {
  const places = new Int32Array(reader.counts[i] as number);
  reader.writePlacesAt(i, places, 0);
  return places;
}

function reelsOf(blob: Uint8Array): Reel[] {
  const { reels, ends, places } = readPostingList(blob);
  const read = [...reels].map((reel, i) => ({
    reel,
    places: [...places.subarray(i === 0 ? 0 : (ends[i - 1] as number), ends[i] as number)],
  }));
  // Read in part, reel by reel from the last, the list gives the same.
  const reader = new PostingListReader(blob);
  expect([...reader.reels]).toEqual(read.map((r) => r.reel));
  expect([...reader.counts]).toEqual(read.map((r) => r.places.length));
  expect(reader.places).toBe(places.length);
  for (let i = read.length - 1; i >= 0; i--) expect([...placesAt(reader, i)]).toEqual(read[i]?.places);
  return read;
}

describe("posting lists as stored", () => {
  it("read back as written, from one-byte numbers to 31-bit ones", () => {
    const lists: Reel[][] = [
      [{ reel: 0, places: [0] }],
      [{ reel: 5, places: [0, 1, 127, 128, 16_383, 16_384] }],
      [
        { reel: 1, places: [2_097_151, 2_097_152, 268_435_455, 268_435_456, 2 ** 31 - 1] },
        { reel: 2 ** 31 - 1, places: [3] },
      ],
    ];
    for (const reels of lists) expect(reelsOf(stored(intsOf(reels)))).toEqual(reels);
  });

  it("read back random lists of many reels, each written from within a longer array", () => {
    const random = seededRandom(21);
    for (let round = 0; round < 200; round++) {
      const reels: Reel[] = [];
      let reel = Math.floor(random() * 50);
      const reelCount = 1 + Math.floor(random() * 30);
      for (let r = 0; r < reelCount; r++) {
        const places: number[] = [];
        let place = Math.floor(random() * 1000);
        const gap = random() < 0.2 ? 200_000 : 300;
        for (let p = 1 + Math.floor(random() * 40); p > 0; p--) {
          places.push(place);
          place += 1 + Math.floor(random() * gap);
        }
        reels.push({ reel, places });
        reel += 1 + Math.floor(random() * (random() < 0.1 ? 1e7 : 20));
      }
      const ints = intsOf(reels);
      const around = Int32Array.from([-1, -1, ...ints, 7]);
      expect(reelsOf(stored(around, 2, 2 + ints.length))).toEqual(reels);
    }
  });

  it("takes one byte for each small number", () => {
    const ints = intsOf([
      { reel: 3, places: [0, 4, 9] },
      { reel: 9, places: [100] },
    ]);
    // n; reel 3 (twice 3, plus 1: more than one place) and its count less two; reel 9 (twice the
    // difference 6) with its one place; four places.
    expect(stored(ints)).toEqual(Uint8Array.from([2, 7, 1, 12, 0, 4, 5, 100]));
  });

  it("writes nothing for an empty range and reads an empty blob as no reels", () => {
    expect(stored(intsOf([{ reel: 1, places: [1] }]), 2, 2)).toHaveLength(0);
    expect(reelsOf(new Uint8Array())).toEqual([]);
  });

  it("refuses a blob whose counts do not match its places", () => {
    const whole = stored(intsOf([{ reel: 4, places: [1, 2, 3] }]));
    expect(() => readPostingList(whole.subarray(0, whole.length - 1))).toThrow(RangeError);
    expect(() => readPostingList(Uint8Array.from([9, 1]))).toThrow(RangeError);
    expect(() => new PostingListReader(Uint8Array.from([9, 1]))).toThrow(RangeError);
    expect(() => placesAt(new PostingListReader(whole.subarray(0, whole.length - 1)), 0)).toThrow(RangeError);
    expect(() => placesAt(new PostingListReader(Uint8Array.from([...whole, 5])), 0)).toThrow(RangeError);
  });
});
