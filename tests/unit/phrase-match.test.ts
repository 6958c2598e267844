/**
 * A phrase's hits from its covering bigrams' lists (server/modules/search/phrase-match.ts), against
 * the same hits found by brute force over random texts: counted walking the lead's reels in order,
 * and the places of any one reel asked for afterwards.
 */
import { describe, expect, it } from "vitest";
import { PhraseMatcher } from "../../server/modules/search/phrase-match.ts";
import {
  maxPostingListBytes,
  PostingListReader,
  writePostingList,
} from "../../server/modules/search/posting-list-bytes.ts";
import { seededRandom } from "../../server/seeded-random.ts";

/** The stored list of a bigram's places in each reel of `texts` (reel number → text). */
function listOf(texts: ReadonlyMap<number, string>, gram: string): PostingListReader {
  const reels: number[] = [];
  const ends: number[] = [];
  const places: number[] = [];
  for (const [reel, text] of [...texts].sort((a, b) => a[0] - b[0])) {
    const before = places.length;
    for (let at = text.indexOf(gram); at >= 0; at = text.indexOf(gram, at + 1)) places.push(at);
    if (places.length === before) continue;
    reels.push(reel);
    ends.push(places.length);
  }
  const ints = Int32Array.from([reels.length, ...reels, ...ends, ...places]);
  const bytes = new Uint8Array(maxPostingListBytes(ints.length));
  return new PostingListReader(bytes.slice(0, writePostingList(ints, 0, ints.length, bytes, 0)));
}

/** Every place `phrase` starts in `text`, overlapping ones included. */
function scan(text: string, phrase: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) found.push(at);
  return found;
}

/** Random texts over a small alphabet, in some reels of 0..reels, some of them long. */
function randomTexts(seed: number, reels: number): Map<number, string> {
  const random = seededRandom(seed);
  const texts = new Map<number, string>();
  for (let reel = 0; reel < reels; reel++) {
    if (random() < 0.3) continue;
    const length = random() < 0.1 ? 2_000 : 1 + Math.floor(random() * 60);
    let text = "";
    for (let i = 0; i < length; i++) text += "甲乙丙丁"[Math.floor(random() * (random() < 0.5 ? 2 : 4))];
    texts.set(reel, text);
  }
  return texts;
}

/** The parts of a 4- or 5-char phrase: every other bigram and the last, at their offsets. */
function partsOf(texts: ReadonlyMap<number, string>, phrase: string) {
  const offsets = [...Array(phrase.length - 1).keys()].filter((i) => i % 2 === 0 || i === phrase.length - 2);
  return offsets.map((offset) => ({ list: listOf(texts, phrase.slice(offset, offset + 2)), offset }));
}

describe("a phrase's hits from its bigrams' lists", () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`equals a scan of the texts, counted in reel order and read reel by reel (seed ${seed})`, () => {
      const texts = randomTexts(seed, 400);
      for (const phrase of ["甲乙甲乙", "甲甲甲甲", "乙丙丁甲", "甲乙甲乙甲", "甲甲乙"]) {
        const matcher = new PhraseMatcher(partsOf(texts, phrase));
        const counted = new Map<number, number>();
        const leadReels = matcher.lead.reels;
        for (let r = 0; r < leadReels.length; r++) {
          if (!matcher.alignAscending(r)) continue;
          const hits = matcher.count(r);
          if (hits > 0) counted.set(leadReels[r] as number, hits);
        }
        const expected = new Map(
          [...texts].flatMap(([reel, text]) => {
            const hits = scan(text, phrase).length;
            return hits > 0 ? [[reel, hits] as const] : [];
          }),
        );
        expect(counted, phrase).toEqual(expected);
        for (const [reel, text] of texts)
          expect(matcher.placesOf(reel), `${phrase} in ${reel}`).toEqual(scan(text, phrase));
      }
    });
  }
});
