/**
 * How many searchable chars each line of a reel holds (contract/search-tokenizer.ts
 * normalizeSearchText), stored with the reel's index entry as varints (7 bits a byte, the high
 * bit set while more follow). The index tells where a reel's first hit is in searchable chars;
 * these say which line that is, so a search reads a reel's text from there.
 */

export function encodeLineChars(counts: readonly number[]): Buffer {
  const bytes: number[] = [];
  for (let value of counts) {
    while (value >= 0x80) {
      bytes.push((value & 0x7f) | 0x80);
      value = Math.floor(value / 0x80);
    }
    bytes.push(value);
  }
  return Buffer.from(bytes);
}

export function decodeLineChars(bytes: Uint8Array): number[] {
  const counts: number[] = [];
  let value = 0;
  let scale = 1;
  for (const byte of bytes) {
    value += (byte & 0x7f) * scale;
    if (byte & 0x80) scale *= 0x80;
    else {
      counts.push(value);
      value = 0;
      scale = 1;
    }
  }
  return counts;
}

/** The line (from 0) holding the searchable char at `offset`; the last line for one past the end. */
export function lineAt(counts: readonly number[], offset: number): number {
  let start = 0;
  for (let line = 0; line < counts.length; line++) {
    start += counts[line] as number;
    if (offset < start) return line;
  }
  return Math.max(0, counts.length - 1);
}
