/** A pack segment's chunks: a row's bytes in base64 and back, with or without a buffer to decode into. */
import { describe, expect, it } from "vitest";
import { ByteSpan } from "../../workers/search/json-bytes.ts";
import { base64Size, chunkRow, fromBase64, rowChunk, toBase64 } from "../../workers/search/segments.ts";

function randomBytes(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe("base64 of a row's bytes", () => {
  it("decodes what btoa encodes, at every length's padding", () => {
    for (const size of [0, 1, 2, 3, 4, 5, 63, 64, 65, 1000, 70_001]) {
      const bytes = randomBytes(size, size + 1);
      const text = toBase64(bytes);
      expect(base64Size(text)).toBe(size);
      expect(fromBase64(text)).toEqual(bytes);
      expect(fromBase64(text)).toEqual(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
    }
  });

  it("decodes into the buffer given when it has room, and into bytes of their own when not", () => {
    const scratch = new Uint8Array(16);
    const small = randomBytes(10, 7);
    const view = fromBase64(toBase64(small), scratch);
    expect(view.buffer).toBe(scratch.buffer);
    expect(view).toEqual(small);
    const large = randomBytes(40, 9);
    const own = fromBase64(toBase64(large), scratch);
    expect(own.buffer).not.toBe(scratch.buffer);
    expect(own).toEqual(large);
  });

  it("decodes from the bytes of a part that hold it, as from the string", () => {
    const bytes = randomBytes(1000, 5);
    const text = toBase64(bytes);
    const part = new TextEncoder().encode(`["p1.2","${text}"]`);
    const span = new ByteSpan(part, 9, 9 + text.length);
    expect(base64Size(span)).toBe(1000);
    expect(fromBase64(span)).toEqual(bytes);
    expect(chunkRow(["p1.2", span])).toEqual({ bucket: 1, buckets: 2, data: bytes });
  });

  it("refuses a text that is not base64", () => {
    expect(() => fromBase64("AAA*AAAA")).toThrow("not base64");
    expect(() => fromBase64("AAAé")).toThrow("not base64");
  });

  it("is a chunk's row, read back with its bucket and the segment's buckets", () => {
    const data = randomBytes(300, 3);
    const chunk = rowChunk({ bucket: 5, data }, 16);
    expect(chunk[0]).toBe("p5.16");
    expect(chunkRow(chunk)).toEqual({ bucket: 5, buckets: 16, data });
    expect(chunkRow(["p5.15", chunk[1]])).toBeNull();
    expect(chunkRow(["q5.16", chunk[1]])).toBeNull();
  });
});
