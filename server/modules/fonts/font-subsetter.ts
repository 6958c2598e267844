import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import subsetFont from "subset-font";
import type { ObjectStorage } from "../../storage/storage.ts";
import { readCmapCodePoints } from "./cmap.ts";

export type FontSubsetter = {
  /** A WOFF2 font holding the given chars, from the one font file that covers most of them. */
  subset(chars: string[]): Promise<Buffer>;
  /** The same choice as `subset`, uncompressed and uncached, for inspecting what a subset holds. */
  subsetSfnt(chars: string[]): Promise<Buffer>;
};

type LoadedFont = { file: string; data: Buffer; codePoints: Set<number> };
type FontChoice = { font: LoadedFont; chars: string[] };

const MEMORY_CACHE_SIZE = 200;

export function createFontSubsetter(options: { fontFiles: string[]; storage: ObjectStorage }): FontSubsetter {
  const { fontFiles, storage } = options;
  let loading: Promise<LoadedFont[]> | null = null;
  const loadFonts = (): Promise<LoadedFont[]> => {
    loading ??= Promise.all(fontFiles.map(loadFont)).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  // Promises rather than buffers, so concurrent requests for the same subset share one build.
  const memory = new LruCache<string, Promise<Buffer>>(MEMORY_CACHE_SIZE);

  async function buildWoff2(choice: FontChoice, key: string): Promise<Buffer> {
    const stored = await storage.get(key);
    if (stored) return stored;
    const font = await subsetFont(choice.font.data, choice.chars.join(""), { targetFormat: "woff2" });
    await storage.put(key, font, "font/woff2");
    return font;
  }

  return {
    async subset(chars) {
      const choice = chooseFont(await loadFonts(), chars);
      const key = cacheKey(choice);
      const cached = memory.get(key);
      if (cached) return cached;
      const built = buildWoff2(choice, key);
      memory.set(key, built);
      built.catch(() => memory.delete(key));
      return built;
    },
    async subsetSfnt(chars) {
      const choice = chooseFont(await loadFonts(), chars);
      return subsetFont(choice.font.data, choice.chars.join(""), { targetFormat: "sfnt" });
    },
  };
}

async function loadFont(file: string): Promise<LoadedFont> {
  const data = await readFile(file);
  return { file, data, codePoints: readCmapCodePoints(data) };
}

/**
 * The response is one WOFF2 font, so a request whose chars are spread over several font files gets
 * the file that covers the most of them (ties go to the earlier file, so the configured order is the
 * preference order); chars that file lacks are left out and the reader falls back for them.
 */
function chooseFont(fonts: LoadedFont[], chars: string[]): FontChoice {
  let best: FontChoice | null = null;
  for (const font of fonts) {
    const covered = chars.filter((char) => font.codePoints.has(char.codePointAt(0)!));
    if (!best || covered.length > best.chars.length) best = { font, chars: covered };
  }
  if (!best) throw new Error("no font files are configured for the dynamic font");
  return best;
}

function cacheKey(choice: FontChoice): string {
  const sorted = choice.chars.map((char) => char.codePointAt(0)!).sort((a, b) => a - b);
  const hash = createHash("sha256")
    .update(choice.font.file)
    .update("\0")
    .update(String.fromCodePoint(...sorted))
    .digest("hex");
  return `fonts/cache/${hash}.woff2`;
}

/** Least recently used first: a Map iterates in insertion order, and a hit re-inserts its entry. */
class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
