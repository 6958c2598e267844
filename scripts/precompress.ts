/**
 * Brotli and gzip copies of the web build's content-hashed text files (`assets/name.br`,
 * `assets/name.gz` beside `assets/name`), which the server sends to browsers that accept them
 * (server/plugins/web.ts, `preCompressed`): the compression is paid once at build time, at the
 * highest settings, instead of on every request. Files outside assets/ keep their names across
 * builds (the service worker, the manifests), so a copy of them could outlive a change: they are
 * left as they are.
 */
import { readdirSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain less than the bytes of their headers. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : filesUnder(path);
    return [path];
  });
}

async function compressFile(path: string): Promise<void> {
  const content = await readFile(path);
  const params = {
    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
    [zlib.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
  };
  await writeFile(`${path}.br`, await brotli(content, { params }));
  await writeFile(`${path}.gz`, await gzipped(content, { level: 9 }));
}

/** Writes the copies (on libuv's thread pool, so every core helps); answers how many files. */
export async function precompress(distDir: string): Promise<number> {
  const files = filesUnder(join(distDir, "assets")).filter(
    (path) => COMPRESSIBLE.test(path) && statSync(path).size >= MIN_BYTES,
  );
  await Promise.all(files.map(compressFile));
  return files.length;
}
