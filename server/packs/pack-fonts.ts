/**
 * The dynamic font's subsetter for building packs outside the server (the pack and import
 * commands): the configured font files that exist, subset in worker threads, the subsets kept in
 * storage as the server keeps them. Null when no font file is there: the packs then have no fonts.
 */
import { existsSync } from "node:fs";
import { createFontSubsetter, type FontSubsetter } from "../modules/fonts/font-subsetter.ts";
import { createSubsetPool } from "../modules/fonts/subset-pool.ts";
import type { ObjectStorage } from "../storage/storage.ts";

export type PackFonts = { subsetter: FontSubsetter | null; files: string[]; close(): Promise<void> };

export function openPackFonts(
  fontFiles: readonly string[],
  storage: ObjectStorage,
  workers: number,
): PackFonts {
  const files = fontFiles.filter((file) => existsSync(file));
  if (files.length === 0) return { subsetter: null, files, close: async () => undefined };
  // The builder asks one subset at a time; the queue never fills.
  const pool = createSubsetPool({ workers, queueLimit: 16 });
  return {
    subsetter: createFontSubsetter({ fontFiles: files, storage, pool }),
    files,
    close: () => pool.close(),
  };
}
