/**
 * The follow-on-WeChat QR image (`WECHAT_FOLLOW_QR_FILE`): read once at start and checked to be a
 * PNG, JPEG or WebP picture of modest size, so a wrong path or file stops the server with a readable
 * message instead of a broken image on every home page.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

export type FollowQrImage = { bytes: Buffer; contentType: string; etag: string };

export const FOLLOW_QR_MAX_BYTES = 1024 * 1024;

const SIGNATURES: { contentType: string; matches(bytes: Buffer): boolean }[] = [
  {
    contentType: "image/png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { contentType: "image/jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    contentType: "image/webp",
    matches: (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP",
  },
];

/** The picture's type from its first bytes, or null when it is none of the three. */
export function followQrType(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.contentType ?? null;
}

export function loadFollowQr(path: string): FollowQrImage {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new Error(`Invalid environment:\n  WECHAT_FOLLOW_QR_FILE: cannot read ${path}`);
  }
  if (bytes.length > FOLLOW_QR_MAX_BYTES)
    throw new Error(`Invalid environment:\n  WECHAT_FOLLOW_QR_FILE: ${path} is larger than 1 MiB`);
  const contentType = followQrType(bytes);
  if (!contentType)
    throw new Error(
      `Invalid environment:\n  WECHAT_FOLLOW_QR_FILE: ${path} is not a PNG, JPEG or WebP image`,
    );
  const etag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 16)}"`;
  return { bytes, contentType, etag };
}
