import { createReadStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertStorageKey, type ObjectStorage } from "./storage.ts";

export const STORAGE_URL_PREFIX = "/storage/";

/** The embedded default: files under one directory, written atomically (temp file, then rename). */
export function localStorage(root: string): ObjectStorage & { root: string } {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return join(root, key);
  };
  const size = async (key: string): Promise<number | null> => {
    try {
      const info = await stat(pathOf(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  };
  return {
    root,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, body);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    size,
    async putFile(key, file) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await copyFile(file, temp);
      await rename(temp, path);
    },
    async readRange(key, start, end) {
      if ((await size(key)) === null) return null;
      return createReadStream(pathOf(key), { start, end });
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    urlFor(key) {
      assertStorageKey(key);
      return `${STORAGE_URL_PREFIX}${key}`;
    },
  };
}
