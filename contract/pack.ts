/**
 * The pack: one file that carries part of the canon to a device, built by the server
 * (`npm run pack:build`, or at import) or exported by a device from its offline library, and
 * installed from the network (by HTTP Range) or from a file chosen on disk.
 *
 * Layout (all integers little-endian):
 *
 *     "CANONPK1"                          8 bytes, PACK_MAGIC
 *     part 0 · part 1 · …                 each `bytes` long at its `offset`, gzip or as is
 *     manifest                            UTF-8 JSON (PackManifest)
 *     trailer                             24 bytes: manifest offset (u64), manifest length (u64), PACK_MAGIC
 *
 * The manifest comes last so a device can stream an export to disk part by part and write the
 * sums once every part is written; a reader finds it from the trailer (the file's last 24 bytes)
 * and then reads each part on its own (`File.slice` or a `Range` request), so no pack is ever held
 * whole in memory. Every part's sha256 is over its bytes as stored, checked before it is decoded.
 *
 * Parts of rows (every kind but `blob`, `fonts` and `index`) hold `PackRowsPayload` as gzip'd JSON:
 * the library rows keyed by `keys` (contract/offline-library.ts `itemKeys`) in the same order, as
 * the item-by-item download would store them (without `stored_at`, set when installed); a
 * `reel_text` part's payload also holds each reel text's collation apparatus (`apparatus`, in the
 * same order), which installing keeps beside its reel text. A `blob`
 * part is one stored file's bytes; a `fonts` part is one font subset's bytes; `index` parts hold
 * the offline search worker's own saved index (workers/search/pack-index.ts).
 *
 * Plain data and pure functions only: the server, the app and the search worker all read it.
 */
import type { Apparatus } from "./apparatus.ts";
import type { DownloadItemKind, DownloadScope } from "./offline-library.ts";
import type { TxtType } from "./tripitaka.ts";

export const PACK_MAGIC = "CANONPK1";
/** The layout and manifest version this code writes and reads; a newer pack is refused. */
export const PACK_FORMAT = 1;
export const PACK_HEADER_BYTES = 8;
export const PACK_TRAILER_BYTES = 24;
/** File name extension of a pack. */
export const PACK_EXTENSION = ".canonpack";
export const PACK_MEDIA_TYPE = "application/vnd.canon-reader.pack";

export type PackPartKind = DownloadItemKind | "index";
export type PackEncoding = "gzip" | "identity";
/** What an `index` part holds: the indexed reels, their searchable texts, or one segment of posting lists. */
export type PackIndexPiece = "variants" | "docs" | "texts" | "segment";

export type PackPart = {
  /** Position in `parts`, from 0. */
  id: number;
  kind: PackPartKind;
  offset: number;
  /** Bytes as stored (after gzip). */
  bytes: number;
  sha256: string;
  encoding: PackEncoding;
  /**
   * The item keys this part fulfils, in the payload's order: rows for row kinds, one `blob:` key for
   * a file, one `fonts:` key for a font subset, none for index parts.
   */
  keys: string[];
  /** The item bytes each key counts for in the download (as the plan counts them), by `keys` order. */
  item_bytes: number[];
  /** A blob's content type, or a font subset's font name. */
  content_type?: string;
  /** For `fonts`: the characters the subset was made for, by code point. */
  chars?: string;
  /** For `index`: what it holds. */
  index?: PackIndexPiece;
};

/** One download the pack installs: the same row the item-by-item download of that scope makes. */
export type PackDownload = {
  tripitaka_uid: string;
  scope: DownloadScope;
  label: string;
  txt_types: TxtType[];
  with_pages: boolean;
  with_images: boolean;
  /** Every item key the download lists (also those another download of the pack carries). */
  keys: string[];
};

export type PackManifest = {
  format: typeof PACK_FORMAT;
  /** `server` for a pack built by the server, `device` for an export. */
  made_by: "server" | "device";
  created_at: number;
  /** The canon version of each tripitaka the pack holds (contract: `canonVersionOf`). */
  canon_versions: Record<string, string>;
  downloads: PackDownload[];
  parts: PackPart[];
  /** The search index's format and folding (the variant pairs' hash); null when the pack has none. */
  index: { format: number; folding: string; reels: number } | null;
  /** Sum of the parts' bytes. */
  content_bytes: number;
};

/**
 * The payload of a rows part: the rows in `keys` order, as stored in the library minus `stored_at`.
 * A reel text part may add each reel text's apparatus (GET /v1/reel/{uid}/apparatus's result, null
 * for a reel without one); a pack without it installs its reel texts without apparatus.
 */
export type PackRowsPayload = { rows: unknown[]; apparatus?: (Apparatus | null)[] };

export class PackError extends Error {
  override readonly name = "PackError";
  constructor(
    readonly code: PackErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Why a pack is refused: not a pack, a newer format, a part or the manifest whose sum does not
 * match, a canon version other than the one the library (or the server) holds, a file cut short.
 */
export type PackErrorCode =
  | "PACK_NOT_A_PACK"
  | "PACK_FORMAT"
  | "PACK_CHECKSUM"
  | "PACK_VERSION"
  | "PACK_TRUNCATED";

const encoder = new TextEncoder();

export function packHeader(): Uint8Array {
  return encoder.encode(PACK_MAGIC);
}

export function packTrailer(manifestOffset: number, manifestBytes: number): Uint8Array {
  const out = new Uint8Array(PACK_TRAILER_BYTES);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(manifestOffset), true);
  view.setBigUint64(8, BigInt(manifestBytes), true);
  out.set(encoder.encode(PACK_MAGIC), 16);
  return out;
}

const magicAt = (bytes: Uint8Array, at: number) =>
  new TextDecoder().decode(bytes.subarray(at, at + PACK_MAGIC.length)) === PACK_MAGIC;

export function checkHeader(bytes: Uint8Array): void {
  if (bytes.length < PACK_HEADER_BYTES || !magicAt(bytes, 0))
    throw new PackError("PACK_NOT_A_PACK", "the file does not start as a pack does");
}

/** Where the manifest is, read from a pack's last PACK_TRAILER_BYTES bytes. */
export function readTrailer(trailer: Uint8Array, fileBytes: number): { offset: number; bytes: number } {
  if (trailer.length !== PACK_TRAILER_BYTES || !magicAt(trailer, 16))
    throw new PackError("PACK_NOT_A_PACK", "the file does not end as a pack does (cut short?)");
  const view = new DataView(trailer.buffer, trailer.byteOffset, trailer.byteLength);
  const offset = Number(view.getBigUint64(0, true));
  const bytes = Number(view.getBigUint64(8, true));
  if (offset < PACK_HEADER_BYTES || offset + bytes + PACK_TRAILER_BYTES !== fileBytes)
    throw new PackError("PACK_TRUNCATED", "the pack's manifest is not where its trailer says");
  return { offset, bytes };
}

/** Parses and checks a manifest: its format, and parts that lie inside the file one after another. */
export function parseManifest(json: string, manifestOffset: number): PackManifest {
  let manifest: PackManifest;
  try {
    manifest = JSON.parse(json) as PackManifest;
  } catch {
    throw new PackError("PACK_NOT_A_PACK", "the pack's manifest is not readable");
  }
  if (typeof manifest !== "object" || manifest === null || !Array.isArray(manifest.parts))
    throw new PackError("PACK_NOT_A_PACK", "the pack's manifest is not readable");
  if (manifest.format !== PACK_FORMAT)
    throw new PackError(
      "PACK_FORMAT",
      `the pack is of format ${String(manifest.format)}; this app reads format ${PACK_FORMAT}`,
    );
  let next = PACK_HEADER_BYTES;
  for (const [at, part] of manifest.parts.entries()) {
    if (part.id !== at || part.offset !== next || part.bytes < 0 || !/^[0-9a-f]{64}$/.test(part.sha256))
      throw new PackError("PACK_NOT_A_PACK", `the pack's part ${at} is not described rightly`);
    next += part.bytes;
  }
  if (next !== manifestOffset) throw new PackError("PACK_TRUNCATED", "the pack's parts do not fill it");
  return manifest;
}

export async function sha256Hex(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Checks a part's bytes against the manifest before anything is decoded from them. */
export async function verifyPart(part: PackPart, bytes: Uint8Array): Promise<void> {
  if (bytes.length !== part.bytes)
    throw new PackError("PACK_TRUNCATED", `part ${part.id} has ${bytes.length} bytes, not ${part.bytes}`);
  if ((await sha256Hex(bytes)) !== part.sha256)
    throw new PackError("PACK_CHECKSUM", `part ${part.id} does not match its sha256`);
}

/**
 * The canon version of a tripitaka: a hash of its sutras' source hashes in uid order (the server
 * computes it; a pack and the library rows it wrote carry it).
 */
export async function canonVersionOf(
  sutras: readonly { uid: string; source_hash: string }[],
): Promise<string> {
  const sorted = [...sutras].sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const text = sorted.map((s) => `${s.uid} ${s.source_hash}\n`).join("");
  return (await sha256Hex(encoder.encode(text))).slice(0, 16);
}

/** A pack's default file name: what it holds and when. */
export function packFileName(label: string, createdAt: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10);
  const safe = label.replace(/[\\/:*?"<>|\s]+/g, "-").slice(0, 60) || "canon";
  return `${safe}-${day}${PACK_EXTENSION}`;
}
