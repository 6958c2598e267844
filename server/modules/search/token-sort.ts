/**
 * The places of a set of texts sorted by the token that starts there (a char and the next one, or
 * a text's last char alone), tokens in code point order and each token's places in text order.
 *
 * Chars are numbered densely in code point order, so a token is one number (first × width +
 * second, second 0 for a char alone) and the places are put in order by a least-significant-digit
 * radix sort: every pass reads its input in order and writes to a few thousand runs, where a table
 * of tokens would be read at a random place for every char.
 */

/** Bits of a key sorted by one pass: a few thousand runs stay in the CPU's caches. */
const DIGIT_BITS = 11;

export type SortedTokens = {
  /** Per place in sorted order: its token's key, in char numbers. */
  keys: Uint32Array | Float64Array;
  /** Per place in sorted order: its index among all the texts' chars, and the text's index. */
  places: Int32Array;
  texts: Int32Array;
  /** Where each text's chars start among all the chars; the last entry is their count. */
  starts: Int32Array;
  /** Keys are first × width + second, both char numbers; 0 is no char. */
  width: number;
  /** The code point of each char number. */
  codePoints: Int32Array;
};

/** Char numbers by code point, 0 for none; kept between calls and cleared after each. */
let numberOfChar: Int32Array | null = null;

/** Writes a text's chars as code points into `chars` from `at`; returns where they end. */
export function writeCodePoints(text: string, chars: Int32Array, at: number): number {
  let n = at;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        chars[n++] = (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    chars[n++] = unit;
  }
  return n;
}

/** The texts' chars as code points, one text after another. */
function codePointsOf(texts: readonly string[]): { chars: Int32Array; starts: Int32Array } {
  let units = 0;
  for (const text of texts) units += text.length;
  const chars = new Int32Array(units);
  const starts = new Int32Array(texts.length + 1);
  let n = 0;
  for (let t = 0; t < texts.length; t++) {
    starts[t] = n;
    n = writeCodePoints(texts[t] as string, chars, n);
  }
  starts[texts.length] = n;
  return { chars: chars.subarray(0, n), starts };
}

/** Each place's token key, chars numbered 1… in code point order. */
function tokenKeys(chars: Int32Array, starts: Int32Array) {
  numberOfChar ??= new Int32Array(0x110000);
  const numbers = numberOfChar;
  const met: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as number;
    if (numbers[char] === 0) {
      numbers[char] = 1;
      met.push(char);
    }
  }
  const codePoints = new Int32Array(met.length + 1);
  codePoints.set(Int32Array.from(met).sort(), 1);
  for (let n = 1; n < codePoints.length; n++) numbers[codePoints[n] as number] = n;
  const width = codePoints.length;
  const keys = width * width <= 2 ** 32 ? new Uint32Array(chars.length) : new Float64Array(chars.length);
  for (let t = 0; t + 1 < starts.length; t++) {
    const last = (starts[t + 1] as number) - 1;
    let at = starts[t] as number;
    for (; at < last; at++)
      keys[at] =
        (numbers[chars[at] as number] as number) * width + (numbers[chars[at + 1] as number] as number);
    if (at === last) keys[at] = (numbers[chars[at] as number] as number) * width;
  }
  for (const char of met) numbers[char] = 0;
  return { keys, width, codePoints };
}

type Run = { keys: Uint32Array | Float64Array; places: Int32Array; texts: Int32Array };

/**
 * Where each digit's run starts, for every pass at once: a digit's count is the same whatever the
 * order, so one read of the keys counts them all. Pass p's starts are starts[p << digitBits …].
 */
function digitStarts(keys: Uint32Array | Float64Array, passes: number, digitBits: number): Int32Array {
  const size = 1 << digitBits;
  const mask = size - 1;
  const starts = new Int32Array(passes * size);
  const total = keys.length;
  if (keys instanceof Uint32Array) {
    for (let i = 0; i < total; i++) {
      const key = keys[i] as number;
      for (let pass = 0, shift = 0; pass < passes; pass++, shift += digitBits) {
        const at = pass * size + ((key >>> shift) & mask);
        starts[at] = (starts[at] as number) + 1;
      }
    }
  } else {
    for (let i = 0; i < total; i++) {
      const key = keys[i] as number;
      for (let pass = 0; pass < passes; pass++) {
        const at = pass * size + (Math.floor(key * 2 ** -(pass * digitBits)) & mask);
        starts[at] = (starts[at] as number) + 1;
      }
    }
  }
  for (let pass = 0; pass < passes; pass++) {
    let sum = 0;
    for (let d = pass * size; d < (pass + 1) * size; d++) {
      const count = starts[d] as number;
      starts[d] = sum;
      sum += count;
    }
  }
  return starts;
}

/**
 * One stable pass by the digit at `shift` bits, `next` holding where each digit's run goes on;
 * the first pass (`textStarts` given) numbers the places itself.
 */
function radixPass(from: Run, to: Run, shift: number, next: Int32Array, textStarts: Int32Array | null): void {
  const mask = next.length - 1;
  const { keys } = from;
  const total = keys.length;
  const integer = keys instanceof Uint32Array;
  const scale = 2 ** -shift;
  const digitOf = (key: number): number =>
    integer ? (key >>> shift) & mask : Math.floor(key * scale) & mask;
  if (textStarts) {
    let text = 0;
    for (let i = 0; i < total; i++) {
      while (i >= (textStarts[text + 1] as number)) text++;
      const key = keys[i] as number;
      const digit = digitOf(key);
      const at = next[digit] as number;
      next[digit] = at + 1;
      to.keys[at] = key;
      to.places[at] = i;
      to.texts[at] = text;
    }
    return;
  }
  const { places, texts } = from;
  for (let i = 0; i < total; i++) {
    const key = keys[i] as number;
    const digit = digitOf(key);
    const at = next[digit] as number;
    next[digit] = at + 1;
    to.keys[at] = key;
    to.places[at] = places[i] as number;
    to.texts[at] = texts[i] as number;
  }
}

export function sortTokens(texts: readonly string[]): SortedTokens {
  const { chars, starts } = codePointsOf(texts);
  const { keys, width, codePoints } = tokenKeys(chars, starts);
  const total = keys.length;
  const bits = Math.max(1, Math.ceil(Math.log2(width * width)));
  const passes = Math.ceil(bits / DIGIT_BITS);
  const digitBits = Math.ceil(bits / passes);
  const size = 1 << digitBits;
  const runStarts = digitStarts(keys, passes, digitBits);
  const sameKind = (): Uint32Array | Float64Array =>
    keys instanceof Uint32Array ? new Uint32Array(total) : new Float64Array(total);
  let from: Run = { keys, places: new Int32Array(total), texts: new Int32Array(total) };
  let to: Run = { keys: sameKind(), places: new Int32Array(total), texts: new Int32Array(total) };
  for (let pass = 0; pass < passes; pass++) {
    const next = runStarts.subarray(pass * size, (pass + 1) * size);
    radixPass(from, to, pass * digitBits, next, pass === 0 ? starts : null);
    [from, to] = [to, from];
  }
  return { ...from, starts, width, codePoints };
}
