/**
 * A distinct-count sketch of 64-bit hashes: exact while it holds at most EXACT_LIMIT of them (the
 * hashes themselves), then a HyperLogLog of REGISTERS registers (standard error 1.04 / √1024,
 * 3.25 %), with the usual linear-counting correction for small counts. Merging is set union,
 * register maximum, or adding an exact sketch's hashes to a dense one, so sketches of buckets merge
 * into the sketch of their union in any order.
 *
 * Encoded as one kind byte (1 exact, 2 dense) followed by the hashes (8 bytes each, big-endian,
 * ascending) or by the registers (one byte each).
 */

export const EXACT_LIMIT = 128;
const INDEX_BITS = 10;
export const REGISTERS = 1 << INDEX_BITS;
const RANK_BITS = 64 - INDEX_BITS;
const ALPHA = 0.7213 / (1 + 1.079 / REGISTERS);

/** 2^-k for every register value k. */
const INVERSE_POWERS = Array.from({ length: RANK_BITS + 2 }, (_, k) => 2 ** -k);

const EXACT = 1;
const DENSE = 2;

type DenseSketch = { kind: "dense"; registers: Uint8Array };
export type DistinctSketch = { kind: "exact"; hashes: Set<bigint> } | DenseSketch;

export const emptySketch = (): DistinctSketch => ({ kind: "exact", hashes: new Set() });

function setRegister(registers: Uint8Array, hash: bigint): void {
  const high = Number(hash >> 32n);
  const low = Number(hash & 0xffffffffn);
  const index = high >>> (32 - INDEX_BITS);
  const restHigh = high & ((1 << (32 - INDEX_BITS)) - 1);
  // The position of the first 1 bit in the 54 bits after the index, counted from 1.
  const rank =
    restHigh !== 0
      ? Math.clz32(restHigh) - INDEX_BITS + 1
      : low !== 0
        ? 32 - INDEX_BITS + Math.clz32(low) + 1
        : RANK_BITS + 1;
  if (rank > (registers[index] ?? 0)) registers[index] = rank;
}

function densify(hashes: Iterable<bigint>): DenseSketch {
  const registers = new Uint8Array(REGISTERS);
  for (const hash of hashes) setRegister(registers, hash);
  return { kind: "dense", registers };
}

/** The sketch with `hash` added: the same object, or a dense one once the exact set grows too big. */
export function addHash(sketch: DistinctSketch, hash: bigint): DistinctSketch {
  if (sketch.kind === "dense") {
    setRegister(sketch.registers, hash);
    return sketch;
  }
  sketch.hashes.add(hash);
  return sketch.hashes.size > EXACT_LIMIT ? densify(sketch.hashes) : sketch;
}

/** `into` with `other` merged in (either may be changed or returned). */
export function mergeSketch(into: DistinctSketch, other: DistinctSketch): DistinctSketch {
  if (other.kind === "exact") {
    let merged = into;
    for (const hash of other.hashes) merged = addHash(merged, hash);
    return merged;
  }
  const target = into.kind === "dense" ? into : densify(into.hashes);
  const registers = target.registers;
  for (let i = 0; i < REGISTERS; i++) {
    const value = other.registers[i] ?? 0;
    if (value > (registers[i] ?? 0)) registers[i] = value;
  }
  return target;
}

/** `into` with an encoded sketch merged in, read straight from its bytes. */
export function mergeEncoded(into: DistinctSketch, bytes: Uint8Array): DistinctSketch {
  if (bytes[0] === DENSE) {
    const target = into.kind === "dense" ? into : densify(into.hashes);
    const registers = target.registers;
    for (let i = 0; i < REGISTERS; i++) {
      const value = bytes[i + 1] ?? 0;
      if (value > (registers[i] ?? 0)) registers[i] = value;
    }
    return target;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let merged = into;
  for (let offset = 1; offset + 8 <= bytes.byteLength; offset += 8) {
    merged = addHash(merged, view.getBigUint64(offset));
  }
  return merged;
}

/** The number of distinct hashes added: exact for an exact sketch, estimated for a dense one. */
export function estimate(sketch: DistinctSketch): number {
  if (sketch.kind === "exact") return sketch.hashes.size;
  let sum = 0;
  let zeros = 0;
  for (const value of sketch.registers) {
    sum += INVERSE_POWERS[value] ?? 0;
    if (value === 0) zeros++;
  }
  const raw = (ALPHA * REGISTERS * REGISTERS) / sum;
  if (raw <= 2.5 * REGISTERS && zeros > 0) return Math.round(REGISTERS * Math.log(REGISTERS / zeros));
  return Math.round(raw);
}

export function encodeSketch(sketch: DistinctSketch): Uint8Array {
  if (sketch.kind === "dense") {
    const bytes = new Uint8Array(REGISTERS + 1);
    bytes[0] = DENSE;
    bytes.set(sketch.registers, 1);
    return bytes;
  }
  const hashes = [...sketch.hashes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const bytes = new Uint8Array(1 + 8 * hashes.length);
  bytes[0] = EXACT;
  const view = new DataView(bytes.buffer);
  hashes.forEach((hash, i) => {
    view.setBigUint64(1 + 8 * i, hash);
  });
  return bytes;
}

export const decodeSketch = (bytes: Uint8Array): DistinctSketch => mergeEncoded(emptySketch(), bytes);
