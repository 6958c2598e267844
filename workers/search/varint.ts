/**
 * Unsigned varints (7 bits a byte, low bits first) in a growing byte buffer, and read back from
 * bytes: the encoding of the index's posting rows (posting-rows.ts).
 */

export type ByteWriter = { bytes: Uint8Array; length: number };

export const createWriter = (capacity = 256): ByteWriter => ({ bytes: new Uint8Array(capacity), length: 0 });

function reserve(writer: ByteWriter, more: number): void {
  if (writer.length + more <= writer.bytes.length) return;
  let size = writer.bytes.length * 2;
  while (size < writer.length + more) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(writer.bytes.subarray(0, writer.length));
  writer.bytes = grown;
}

export function writeVarint(writer: ByteWriter, value: number): void {
  reserve(writer, 5);
  let rest = value >>> 0;
  while (rest >= 0x80) {
    writer.bytes[writer.length++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  writer.bytes[writer.length++] = rest;
}

export function writeBytes(writer: ByteWriter, bytes: Uint8Array): void {
  reserve(writer, bytes.length);
  writer.bytes.set(bytes, writer.length);
  writer.length += bytes.length;
}

/** The bytes written, as a copy of their own size. */
export const written = (writer: ByteWriter): Uint8Array => writer.bytes.slice(0, writer.length);

/** Bytes a varint of `value` takes. */
export function varintSize(value: number): number {
  let size = 1;
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) size++;
  return size;
}

/**
 * A reel's head in a list (posting-builder.ts): its id gap, times two, plus one when the reel
 * holds the term more than once, its number of times less two then following. Most of a list's
 * reels hold its term once, and their times then take no byte.
 */
export const reelStep = (gap: number, times: number): number => gap * 2 + (times > 1 ? 1 : 0);
/** The id gap of a reel step. */
export const gapOfStep = (step: number): number => Math.floor(step / 2);
/** Whether a reel step's times follow it. */
export const timesFollow = (step: number): boolean => step % 2 === 1;

/** A read position in bytes: `at` moves past what is read. */
export type ByteReader = { bytes: Uint8Array; at: number };

export function readVarint(reader: ByteReader): number {
  const { bytes } = reader;
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[reader.at++];
    if (byte === undefined) throw new RangeError("varint past the end of its bytes");
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return value;
    shift += 7;
  }
}
