/**
 * Writing and decoding a pack's parts (layout in contract/pack.ts), the same on the server and on a
 * device: a writer that takes parts one at a time and hands bytes to a sink (a Node file stream, a
 * File System Access stream, or Blob parts), so no pack is held whole in memory; and the decoding of
 * a verified part.
 */
import { gunzip, gunzipText, gzip } from "./gzip.ts";
import {
  PACK_FORMAT,
  PACK_HEADER_BYTES,
  PACK_TRAILER_BYTES,
  type PackDownload,
  type PackEncoding,
  type PackManifest,
  type PackPart,
  type PackRowsPayload,
  packHeader,
  packTrailer,
  sha256Hex,
} from "./pack.ts";

export type PackSink = { write(bytes: Uint8Array): Promise<void> };

const encoder = new TextEncoder();

export type PartInput = Omit<PackPart, "id" | "offset" | "bytes" | "sha256" | "encoding">;

export type PackWriter = {
  /** Adds a part of JSON (gzip'd). */
  addJson(part: PartInput, value: unknown): Promise<PackPart>;
  /** Adds a part of raw bytes (a scan, a font subset), stored as is. */
  addBytes(part: PartInput, bytes: Uint8Array): Promise<PackPart>;
  /** Writes the manifest and the trailer; returns the manifest and the whole pack's size. */
  finish(
    head: Pick<PackManifest, "made_by" | "created_at" | "canon_versions" | "index"> & {
      downloads: PackDownload[];
    },
  ): Promise<{ manifest: PackManifest; manifestSha256: string; bytes: number }>;
};

export async function createPackWriter(sink: PackSink): Promise<PackWriter> {
  await sink.write(packHeader());
  let offset = PACK_HEADER_BYTES;
  const parts: PackPart[] = [];
  const add = async (input: PartInput, stored: Uint8Array, encoding: PackEncoding): Promise<PackPart> => {
    const part: PackPart = {
      ...input,
      id: parts.length,
      offset,
      bytes: stored.length,
      sha256: await sha256Hex(stored),
      encoding,
    };
    await sink.write(stored);
    offset += stored.length;
    parts.push(part);
    return part;
  };
  return {
    addJson: async (input, value) => add(input, await gzip(encoder.encode(JSON.stringify(value))), "gzip"),
    addBytes: (input, bytes) => add(input, bytes, "identity"),
    async finish(head) {
      const manifest: PackManifest = {
        format: PACK_FORMAT,
        made_by: head.made_by,
        created_at: head.created_at,
        canon_versions: head.canon_versions,
        downloads: head.downloads,
        parts,
        index: head.index,
        content_bytes: offset - PACK_HEADER_BYTES,
      };
      const json = encoder.encode(JSON.stringify(manifest));
      await sink.write(json);
      await sink.write(packTrailer(offset, json.length));
      return {
        manifest,
        manifestSha256: await sha256Hex(json),
        bytes: offset + json.length + PACK_TRAILER_BYTES,
      };
    },
  };
}

/** A verified part's content: raw bytes as stored, or gunzip'd. */
export async function partBytes(part: PackPart, stored: Uint8Array): Promise<Uint8Array> {
  return part.encoding === "gzip" ? gunzip(stored) : stored;
}

/** A verified part's content as text. */
export async function partText(encoding: PackEncoding, stored: Uint8Array): Promise<string> {
  return encoding === "gzip" ? gunzipText(stored) : new TextDecoder().decode(stored);
}

export async function partJson<T>(part: PackPart, stored: Uint8Array): Promise<T> {
  return JSON.parse(await partText(part.encoding, stored)) as T;
}

export const partRows = (part: PackPart, stored: Uint8Array): Promise<PackRowsPayload> =>
  partJson<PackRowsPayload>(part, stored);
