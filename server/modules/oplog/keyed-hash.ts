/**
 * The keyed hash the distinct-count sketches store instead of addresses and visitor ids: the first
 * 64 bits of HMAC-SHA256 under a key derived from the server's secret, so a stored sketch cannot be
 * checked against guessed addresses without that secret. Recent values are remembered, since the
 * same addresses and visitors come back again and again.
 */
import { createHmac, createSecretKey } from "node:crypto";

const KEY_PURPOSE = "oplog distinct counts";
const REMEMBERED = 200_000;

export type KeyedHash = (value: string) => bigint;

export function keyedHash(secret: Uint8Array): KeyedHash {
  const key = createSecretKey(createHmac("sha256", secret).update(KEY_PURPOSE).digest());
  let remembered = new Map<string, bigint>();
  return (value) => {
    const known = remembered.get(value);
    if (known !== undefined) return known;
    const hash = createHmac("sha256", key).update(value).digest().readBigUInt64BE(0);
    if (remembered.size >= REMEMBERED) remembered = new Map();
    remembered.set(value, hash);
    return hash;
  };
}
