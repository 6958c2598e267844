/**
 * How many searchable chars each line of a reel holds (contract/search-tokenizer.ts
 * normalizeSearchText), stored with the reel's index entry as varints (7 bits a byte, the high
 * bit set while more follow). The index tells where a reel's first hit is in searchable chars;
 * these say which line that is, so a search reads a reel's text from there.
 */

/** Which line of a reel holds a searchable char, and how many lines it has. */
export type LineSizes = {
  readonly count: number;
  /** The line (from 0) holding the searchable char at `offset`; the last line for one past the end. */
  lineAt(offset: number): number;
};

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

/**
 * LineSizes of the stored bytes, decoded only as far as a char asked for: a page's snippets ask
 * for the lines of a reel's first few hits, and a reel may hold thousands of lines.
 */
export function storedLineSizes(bytes: Uint8Array): LineSizes {
  // ends[i]: the searchable chars of lines 0 to i; `read` bytes of them decoded.
  const ends: number[] = [];
  let read = 0;
  let count = -1;
  const decodeThrough = (offset: number): void => {
    let end = ends.length > 0 ? (ends[ends.length - 1] as number) : 0;
    let value = 0;
    let scale = 1;
    while ((ends.length === 0 || end <= offset) && read < bytes.length) {
      const byte = bytes[read++] as number;
      value += (byte & 0x7f) * scale;
      if (byte & 0x80) scale *= 0x80;
      else {
        end += value;
        ends.push(end);
        value = 0;
        scale = 1;
      }
    }
  };
  // A varint ends at each byte without its high bit: one a line.
  const lineCount = (): number => {
    if (count < 0) {
      count = 0;
      for (let i = 0; i < bytes.length; i++) if (((bytes[i] as number) & 0x80) === 0) count++;
    }
    return count;
  };
  return {
    get count() {
      return lineCount();
    },
    lineAt(offset) {
      decodeThrough(offset);
      let [lo, hi] = [0, ends.length];
      // The first line whose end is past `offset`.
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((ends[mid] as number) > offset) hi = mid;
        else lo = mid + 1;
      }
      return lo < ends.length ? lo : Math.max(0, lineCount() - 1);
    },
  };
}
