/**
 * Reading a pack's manifest from its end: the trailer says where it is, the header must be a
 * pack's, and the manifest's sha256 (which a plan names) guards everything the manifest says,
 * each part's sha256 included. The sum of a manifest read here is remembered with it, so an
 * install given a manifest already read does not read it again.
 */
import {
  checkHeader,
  PACK_HEADER_BYTES,
  PACK_TRAILER_BYTES,
  PackError,
  type PackManifest,
  parseManifest,
  readTrailer,
  sha256Hex,
} from "../../../contract/pack.ts";
import type { PackSource } from "./source.ts";

const sums = new WeakMap<PackManifest, string>();

/** Remembers the manifest sum of `manifest` (a manifest derived from one read here keeps its sum). */
export function rememberManifestSha(manifest: PackManifest, sha256: string): void {
  sums.set(manifest, sha256);
}

async function readManifestBytes(
  source: PackSource,
  signal?: AbortSignal,
): Promise<{ json: Uint8Array; offset: number }> {
  if (source.size < PACK_HEADER_BYTES + PACK_TRAILER_BYTES)
    throw new PackError("PACK_NOT_A_PACK", `${source.name || "the file"} is too small to be a pack`);
  checkHeader(await source.read(0, PACK_HEADER_BYTES, signal));
  const trailer = await source.read(source.size - PACK_TRAILER_BYTES, PACK_TRAILER_BYTES, signal);
  const { offset, bytes } = readTrailer(trailer, source.size);
  return { json: await source.read(offset, bytes, signal), offset };
}

/**
 * The pack's manifest, checked: a pack's header and trailer, a format this app reads, parts that
 * fill the file, and (when given) the manifest's sha256 → PackError otherwise.
 */
export async function readPackManifest(
  source: PackSource,
  expectedManifestSha256?: string,
  signal?: AbortSignal,
): Promise<PackManifest> {
  const { json, offset } = await readManifestBytes(source, signal);
  const sha256 = await sha256Hex(json);
  if (expectedManifestSha256 !== undefined && sha256 !== expectedManifestSha256)
    throw new PackError(
      "PACK_CHECKSUM",
      "the pack's manifest does not match the sha256 it was announced with",
    );
  const manifest = parseManifest(new TextDecoder().decode(json), offset);
  sums.set(manifest, sha256);
  return manifest;
}

/** The sha256 of the manifest as stored in `source`. */
export async function manifestSha256(
  manifest: PackManifest,
  source: PackSource,
  signal?: AbortSignal,
): Promise<string> {
  const known = sums.get(manifest);
  if (known !== undefined) return known;
  const sha256 = await sha256Hex((await readManifestBytes(source, signal)).json);
  sums.set(manifest, sha256);
  return sha256;
}
