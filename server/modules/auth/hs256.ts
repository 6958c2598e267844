/**
 * Checks an HS256 JSON Web Token (RFC 7519, compact form) with node:crypto, synchronously. Every
 * signed-in request checks one; WebCrypto would send each check to the thread pool and back, which
 * costs more than the check. Tokens are signed with jose (tokens.ts); this accepts exactly what
 * jose's `jwtVerify` accepts for them: the header names HS256 and no critical extensions, the
 * signature is the HMAC of the first two parts, the claims are a JSON object whose `exp` is after
 * now and whose `nbf`, when present, is not.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";

/** Base64url with no padding, 43 characters for a 32-byte HMAC-SHA256. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const PART = /^[A-Za-z0-9_-]+$/;

const keys = new WeakMap<Uint8Array, KeyObject>();

/** The HMAC key of a secret, made once. */
function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

function jsonObject(part: string): Record<string, unknown> | null {
  if (!PART.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The token's claims when it is a valid HS256 token under `secret` at `nowMs`, else null. */
export function verifyHs256(
  token: string,
  secret: Uint8Array,
  nowMs: number,
): Record<string, unknown> | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [header = "", payload = "", signature = ""] = parts;
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", keyOf(secret)).update(`${header}.${payload}`).digest();
  if (!timingSafeEqual(Buffer.from(signature, "base64url"), expected)) return null;

  const protectedHeader = jsonObject(header);
  if (protectedHeader?.alg !== "HS256" || protectedHeader.crit !== undefined) return null;
  if (protectedHeader.b64 !== undefined && protectedHeader.b64 !== true) return null;
  const claims = jsonObject(payload);
  if (!claims) return null;
  const now = Math.floor(nowMs / 1000);
  const { exp, nbf, iat } = claims;
  if (typeof exp !== "number" || !Number.isFinite(exp) || exp <= now) return null;
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > now)) return null;
  if (iat !== undefined && typeof iat !== "number") return null;
  return claims;
}
