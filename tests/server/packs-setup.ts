/**
 * Set-up of the pack tests: the starter canon's app with real fonts, the builder's dependencies on
 * its database and storage (the font subsets made by the app's own pool), and a pack read back the
 * way a device reads one (contract/pack.ts): header, trailer, manifest, each part verified.
 */
import { expect } from "vitest";
import {
  checkHeader,
  PACK_TRAILER_BYTES,
  type PackManifest,
  type PackPart,
  parseManifest,
  readTrailer,
  sha256Hex,
  verifyPart,
} from "../../contract/pack.ts";
import type { Dialect } from "../../server/db/connect.ts";
import { createFontSubsetter } from "../../server/modules/fonts/font-subsetter.ts";
import type { PackBuildDeps } from "../../server/packs/build-pack.ts";
import { type AuthHarness, startAuthApp } from "./auth-setup.ts";

export const FONT_FILES = [
  "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
  "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
];

export type PackHarness = AuthHarness & { deps: PackBuildDeps; close(): Promise<void> };

export async function startPackApp(dialect: Dialect): Promise<PackHarness> {
  const h = await startAuthApp(dialect, {}, { withCanon: true, fontFiles: FONT_FILES });
  await h.app.ready();
  const { storage } = h.database;
  const fonts = createFontSubsetter({ fontFiles: FONT_FILES, storage, pool: h.app.fontSubsetPool });
  const deps: PackBuildDeps = { db: h.database.canon.db, storage, fonts, now: () => Date.now() };
  return {
    ...h,
    deps,
    async close() {
      // Packs land in the template storage the copies share: take this run's away.
      for (const row of await h.database.canon.db.selectFrom("pack").select("file_key").execute())
        await storage.remove?.(row.file_key);
      await h.close();
    },
  };
}

export type ReadPack = {
  manifest: PackManifest;
  manifestSha256: string;
  /** Each part's stored bytes, verified against its sha256. */
  stored: Map<number, Uint8Array>;
};

/** Reads a whole pack as a device reads one from a file: trailer, manifest, then each part. */
export async function readPack(file: Uint8Array): Promise<ReadPack> {
  checkHeader(file);
  const { offset, bytes } = readTrailer(file.subarray(file.length - PACK_TRAILER_BYTES), file.length);
  const json = file.subarray(offset, offset + bytes);
  const manifest = parseManifest(new TextDecoder().decode(json), offset);
  const stored = new Map<number, Uint8Array>();
  for (const part of manifest.parts) {
    const slice = file.subarray(part.offset, part.offset + part.bytes);
    await verifyPart(part, slice);
    stored.set(part.id, slice);
  }
  expect(stored.size).toBe(manifest.parts.length);
  return { manifest, manifestSha256: await sha256Hex(json), stored };
}

export const partsOf = (manifest: PackManifest, kind: PackPart["kind"]) =>
  manifest.parts.filter((part) => part.kind === kind);
