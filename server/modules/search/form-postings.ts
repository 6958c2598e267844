/**
 * One text form's posting lists of a set of reels (posting-lists.ts gives their format), built
 * from the places sorted by token (token-sort.ts).
 */
import { sortTokens } from "./token-sort.ts";

/**
 * One form's lists of a set of reels, in their grams' code point order (search_posting's
 * order of grams): gram i's key is keys[i] (first code point × CODE_POINTS + second, 0 for a char alone)
 * and its list is the int32s lists[offsets[i], offsets[i + 1]).
 */
export type FormPostings = { keys: Float64Array; offsets: Float64Array; lists: Int32Array };

/** A list within a form's lists: the int32s lists[from, to). */
export type ListRange = { lists: Int32Array; from: number; to: number };

/** A form's list of its gram number `at`. */
export const listAt = (form: FormPostings, at: number): ListRange => ({
  lists: form.lists,
  from: form.offsets[at] as number,
  to: form.offsets[at + 1] as number,
});

/** Code points below this bound: a gram's sort key is first × bound + second. */
export const CODE_POINTS = 0x200000;

/** The lists of one form of the reels (`reels` ascending, `texts` theirs). */
export function buildFormPostings(reels: ArrayLike<number>, texts: readonly string[]): FormPostings {
  const sorted = sortTokens(texts);
  const { keys, places, starts, width, codePoints } = sorted;
  const textOf = sorted.texts;
  const total = keys.length;
  // Sizes first: a list is its reel count, a reel and an end per reel, and its places.
  let grams = 0;
  let size = total;
  for (let i = 0, key = -1, text = -1; i < total; i++) {
    if (keys[i] !== key) {
      key = keys[i] as number;
      text = textOf[i] as number;
      grams++;
      size += 3;
    } else if (textOf[i] !== text) {
      text = textOf[i] as number;
      size += 2;
    }
  }
  const gramKeys = new Float64Array(grams);
  const offsets = new Float64Array(grams + 1);
  const lists = new Int32Array(size);
  let at = 0;
  for (let i = 0, gram = 0; i < total; gram++) {
    const key = keys[i] as number;
    let end = i;
    let reelCount = 0;
    for (let text = -1; end < total && keys[end] === key; end++)
      if (textOf[end] !== text) {
        text = textOf[end] as number;
        reelCount++;
      }
    const first = Math.floor(key / width);
    const second = key - first * width;
    gramKeys[gram] = (codePoints[first] as number) * CODE_POINTS + (codePoints[second] as number);
    offsets[gram] = at;
    lists[at] = reelCount;
    let reelAt = at + 1;
    let endAt = at + 1 + reelCount;
    let placeAt = at + 1 + 2 * reelCount;
    let placed = 0;
    for (let text = -1; i < end; i++, placed++) {
      const placeText = textOf[i] as number;
      if (placeText !== text) {
        if (text !== -1) lists[endAt++] = placed;
        lists[reelAt++] = reels[placeText] as number;
        text = placeText;
      }
      lists[placeAt++] = (places[i] as number) - (starts[placeText] as number);
    }
    lists[endAt] = placed;
    at = placeAt;
  }
  offsets[grams] = at;
  return { keys: gramKeys, offsets, lists };
}
