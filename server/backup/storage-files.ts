/**
 * The files of local storage (STORAGE_DIR): page images, thumbnails, cut chars, font subsets,
 * packs and uploads, each under its storage key.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, mkdir, readdir, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertStorageKey } from "../storage/storage.ts";

/** Files copied or read at once: enough to keep a disk busy without holding many open. */
const PARALLEL_FILES = 8;

/** Local storage writes `<key>.<pid>.<ms>.tmp` and renames it into place. */
const UNFINISHED_WRITE = /\.\d+\.\d+\.tmp$/;

export async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        next = items.length;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FILES, items.length) }, worker));
}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The storage keys of the files under `root`, sorted; `skipped` names files that are no storage
 * key (the site never reads them) and writes still under way.
 */
export async function listStorageKeys(root: string): Promise<{ keys: string[]; skipped: string[] }> {
  const keys: string[] = [];
  const skipped: string[] = [];
  if (!existsSync(root)) return { keys, skipped };
  const walk = async (prefix: string) => {
    for (const entry of await readdir(join(root, prefix), { withFileTypes: true })) {
      const key = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(key);
      else if (entry.isFile() && isStorageKey(key) && !UNFINISHED_WRITE.test(key)) keys.push(key);
      else skipped.push(key);
    }
  };
  await walk("");
  return { keys: keys.sort(), skipped: skipped.sort() };
}

export type CopiedFile = { key: string; bytes: number; sha256: string };

/**
 * Copies the files under their keys from one folder to another. From a `live` site, each copy is
 * read back for its checksum (the checksum is of the bytes the copy holds), and a file removed
 * since it was listed is left out: it answers the files copied.
 */
export async function copyStorageFiles(
  from: string,
  to: string,
  keys: readonly string[],
  live: boolean,
): Promise<CopiedFile[]> {
  for (const key of keys) assertStorageKey(key);
  for (const folder of new Set(keys.map((key) => dirname(join(to, key))))) {
    await mkdir(folder, { recursive: true });
  }
  const copied: CopiedFile[] = [];
  await eachLimited(keys, async (key) => {
    const target = join(to, key);
    try {
      await copyFile(join(from, key), target);
    } catch (error) {
      if (live && (error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const bytes = (await stat(target)).size;
    copied.push({ key, bytes, sha256: live ? await sha256File(target) : "" });
  });
  return copied.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
