/**
 * A segment's postings as rows, one per bucket of its terms (terms.ts): a row's bytes are its terms'
 * entries one after another, each the term's two numbers, the byte length of its list and the
 * list (posting-builder.ts): the reel count, then per reel its step (its id gap and whether its
 * number of times follows), that number and, for a bigram, its places. Rows are what the store keeps and what a pack carries.
 */

import type { PostingBuilder } from "./posting-builder.ts";
import { FORM, isPositional, type Term } from "./terms.ts";
import {
  type ByteReader,
  type ByteWriter,
  createWriter,
  gapOfStep,
  readVarint,
  reelStep,
  timesFollow,
  varintSize,
  writeBytes,
  writeVarint,
  written,
} from "./varint.ts";

export type PostingRow = { bucket: number; data: Uint8Array };

/**
 * A decoded list: reels ascending and their times; for a list with places, where each reel's
 * places start in `bytes`, decoded only when asked for (placesOf), so a long list costs little
 * when few of its reels are wanted.
 */
export type PostingList = {
  docs: Int32Array;
  times: Int32Array;
  at: Int32Array | null;
  bytes: Uint8Array;
};

/** The builder's terms as rows of `count` buckets, bucket by bucket. */
export function* rowsOf(builder: PostingBuilder, count: number): Generator<PostingRow> {
  const buckets = builder.buckets(count);
  const writer = createWriter(4096);
  for (let bucket = 0; bucket < count; bucket++) {
    const ids = buckets[bucket] as Int32Array;
    if (ids.length === 0) continue;
    writer.length = 0;
    for (const id of ids) builder.writeEntry(id, writer);
    yield { bucket, data: written(writer) };
  }
}

export type RowEntry = Term & { list: Uint8Array };

export function* entriesOf(data: Uint8Array): Generator<RowEntry> {
  const reader: ByteReader = { bytes: data, at: 0 };
  while (reader.at < data.length) {
    const x = readVarint(reader);
    const y = readVarint(reader);
    const length = readVarint(reader);
    yield { x, y, list: data.subarray(reader.at, reader.at + length) };
    reader.at += length;
  }
}

/** The chars the forms' lists of these rows hold, by form number, ascending. */
export function formCharsOf(rows: Iterable<{ data: Uint8Array }>): number[][] {
  const out: Set<number>[] = [new Set(), new Set(), new Set(), new Set()];
  for (const row of rows) for (const { x, y } of entriesOf(row.data)) if (y >= FORM) out[y - FORM]?.add(x);
  return out.map((chars) => [...chars].sort((a, b) => a - b));
}

/** The list of term (x, y) in a row's bytes, null when the row lacks it. */
export function findList(data: Uint8Array, x: number, y: number): Uint8Array | null {
  const reader: ByteReader = { bytes: data, at: 0 };
  while (reader.at < data.length) {
    const ex = readVarint(reader);
    const ey = readVarint(reader);
    const length = readVarint(reader);
    if (ex === x && ey === y) return data.subarray(reader.at, reader.at + length);
    reader.at += length;
  }
  return null;
}

/** The reels of a list and their times; with `positional`, where their places are. */
export function decodeList(list: Uint8Array, positional: boolean): PostingList {
  const reader: ByteReader = { bytes: list, at: 0 };
  const n = readVarint(reader);
  const docs = new Int32Array(n);
  const times = new Int32Array(n);
  const at = positional ? new Int32Array(n) : null;
  let doc = -1;
  for (let i = 0; i < n; i++) {
    const step = readVarint(reader);
    doc += gapOfStep(step) + 1;
    const count = timesFollow(step) ? readVarint(reader) + 2 : 1;
    docs[i] = doc;
    times[i] = count;
    if (!at) continue;
    at[i] = reader.at;
    // Past the places: each varint ends at a byte below 0x80.
    let p = reader.at;
    for (let k = 0; k < count; k++) while ((list[p++] as number) >= 0x80);
    reader.at = p;
  }
  return { docs, times, at, bytes: list };
}

/** The places of the list's reel `i`, ascending, into `into` (grown when short); returns it. */
export function placesOf(list: PostingList, i: number, into: Int32Array): Int32Array {
  const count = list.times[i] as number;
  const out = into.length >= count ? into : new Int32Array(Math.max(count, into.length * 2));
  const reader: ByteReader = { bytes: list.bytes, at: list.at?.[i] as number };
  let place = 0;
  for (let k = 0; k < count; k++) {
    place += readVarint(reader);
    out[k] = place;
  }
  return out;
}

/** Writes a list of the given reels (ascending ids `ids`), taken from `from` by index `order`. */
export function encodeList(
  into: ByteWriter,
  from: PostingList,
  order: ArrayLike<number>,
  ids: ArrayLike<number>,
): void {
  writeVarint(into, order.length);
  let last = -1;
  let places: Int32Array = new Int32Array(64);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    const doc = ids[k] as number;
    const count = from.times[i] as number;
    writeVarint(into, reelStep(doc - last - 1, count));
    if (count > 1) writeVarint(into, count - 2);
    last = doc;
    if (!from.at) continue;
    places = placesOf(from, i, places);
    let previous = 0;
    for (let p = 0; p < count; p++) {
      writeVarint(into, (places[p] as number) - previous);
      previous = places[p] as number;
    }
  }
}

/** A list's first reel step with its gap moved by `delta`. */
const shiftedStep = (step: number, delta: number): number =>
  reelStep(gapOfStep(step) + delta, timesFollow(step) ? 2 : 1);

/**
 * A row with every reel's id moved by `delta` (so their order stays): only each list's first step
 * changes, the rest is copied as it is.
 */
export function shiftRow(data: Uint8Array, delta: number): Uint8Array {
  // Measured first, so the row is written once into bytes of its own size.
  let size = 0;
  for (const entry of entriesOf(data)) {
    const reader: ByteReader = { bytes: entry.list, at: 0 };
    readVarint(reader);
    const stepAt = reader.at;
    const step = shiftedStep(readVarint(reader), delta);
    const list = entry.list.length - (reader.at - stepAt) + varintSize(step);
    size += varintSize(entry.x) + varintSize(entry.y) + varintSize(list) + list;
  }
  const out = new Uint8Array(size);
  let at = 0;
  const put = (value: number) => {
    let rest = value >>> 0;
    while (rest >= 0x80) {
      out[at++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    out[at++] = rest;
  };
  for (const entry of entriesOf(data)) {
    const reader: ByteReader = { bytes: entry.list, at: 0 };
    const count = readVarint(reader);
    const stepAt = reader.at;
    const step = shiftedStep(readVarint(reader), delta);
    put(entry.x);
    put(entry.y);
    put(entry.list.length - (reader.at - stepAt) + varintSize(step));
    put(count);
    put(step);
    const rest = entry.list.subarray(reader.at);
    out.set(rest, at);
    at += rest.length;
  }
  return out;
}

/**
 * A row with its reels' ids changed by `idOf` (undefined: the reel is left out), each list kept in
 * ascending id order; null when `strict` and a reel has no new id.
 */
export function renumberRow(
  data: Uint8Array,
  idOf: (doc: number) => number | undefined,
  strict: boolean,
): Uint8Array | null {
  const out = createWriter(data.length + 64);
  const list = createWriter(256);
  for (const entry of entriesOf(data)) {
    const decoded = decodeList(entry.list, isPositional(entry));
    const pairs: [number, number][] = [];
    for (let i = 0; i < decoded.docs.length; i++) {
      const next = idOf(decoded.docs[i] as number);
      if (next === undefined) {
        if (strict) return null;
        continue;
      }
      pairs.push([next, i]);
    }
    if (pairs.length === 0) continue;
    pairs.sort((a, b) => a[0] - b[0]);
    list.length = 0;
    encodeList(
      list,
      decoded,
      pairs.map((p) => p[1]),
      pairs.map((p) => p[0]),
    );
    writeVarint(out, entry.x);
    writeVarint(out, entry.y);
    writeVarint(out, list.length);
    writeBytes(out, list.bytes.subarray(0, list.length));
  }
  return written(out);
}
