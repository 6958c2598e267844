/**
 * JSON read straight from its UTF-8 bytes, for a pack's segment parts (pack-segment-part.ts): a
 * long string without escapes is not made into a string but left as a span of the bytes, so a
 * segment's base64 rows go from the part's bytes to the rows' own bytes with nothing between.
 * Everything else is what JSON.parse gives.
 */

/** A string of the JSON, as the bytes between its quotes. */
export class ByteSpan {
  constructor(
    readonly bytes: Uint8Array,
    readonly start: number,
    readonly end: number,
  ) {}
}

export type ScannedJson = null | boolean | number | string | ByteSpan | ScannedJson[] | ScannedObject;
export type ScannedObject = { [key: string]: ScannedJson };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const utf8 = new TextDecoder();

const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const isNumberByte = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) ||
  byte === 0x2d ||
  byte === 0x2b ||
  byte === 0x2e ||
  byte === 0x65 ||
  byte === 0x45;

/** Parses `bytes`; strings longer than `spanBytes` bytes and without escapes come back as spans. */
export function scanJson(bytes: Uint8Array, spanBytes = 256): ScannedJson {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`JSON: ${what} at byte ${at}`);
  };
  const skipSpace = () => {
    while (isSpace(bytes[at])) at++;
  };
  const expect = (byte: number) => {
    skipSpace();
    if (bytes[at] !== byte) fail(`expected ${String.fromCharCode(byte)}`);
    at++;
  };
  const readString = (mayBeSpan: boolean): string | ByteSpan => {
    const start = at + 1;
    let escaped = false;
    let end = start;
    for (; end < bytes.length; end++) {
      const byte = bytes[end];
      if (byte === BACKSLASH) {
        escaped = true;
        end++;
      } else if (byte === QUOTE) break;
    }
    if (end >= bytes.length) fail("unterminated string");
    at = end + 1;
    if (mayBeSpan && !escaped && end - start > spanBytes) return new ByteSpan(bytes, start, end);
    return JSON.parse(utf8.decode(bytes.subarray(start - 1, end + 1))) as string;
  };
  const readWord = (word: string, value: ScannedJson): ScannedJson => {
    for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) fail("unexpected token");
    at += word.length;
    return value;
  };
  const readNumber = (): number => {
    const start = at;
    while (at < bytes.length && isNumberByte(bytes[at] as number)) at++;
    const value = at > start ? Number(utf8.decode(bytes.subarray(start, at))) : Number.NaN;
    if (!Number.isFinite(value)) fail("not a number");
    return value;
  };
  const readValue = (): ScannedJson => {
    skipSpace();
    const byte = bytes[at];
    if (byte === QUOTE) return readString(true);
    if (byte === 0x7b) return readObject();
    if (byte === 0x5b) return readArray();
    if (byte === 0x74) return readWord("true", true);
    if (byte === 0x66) return readWord("false", false);
    if (byte === 0x6e) return readWord("null", null);
    return readNumber();
  };
  const readArray = (): ScannedJson[] => {
    at++;
    const out: ScannedJson[] = [];
    skipSpace();
    if (bytes[at] === 0x5d) {
      at++;
      return out;
    }
    for (;;) {
      out.push(readValue());
      skipSpace();
      if (bytes[at] !== 0x2c) break;
      at++;
    }
    expect(0x5d);
    return out;
  };
  const readObject = (): ScannedObject => {
    at++;
    const out = Object.create(null) as ScannedObject;
    skipSpace();
    if (bytes[at] === 0x7d) {
      at++;
      return out;
    }
    for (;;) {
      skipSpace();
      if (bytes[at] !== QUOTE) fail("expected a key");
      const key = readString(false) as string;
      expect(0x3a);
      out[key] = readValue();
      skipSpace();
      if (bytes[at] !== 0x2c) break;
      at++;
    }
    expect(0x7d);
    return out;
  };
  const value = readValue();
  skipSpace();
  if (at !== bytes.length) fail("unexpected bytes after the value");
  return value;
}
