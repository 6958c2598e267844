import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { ObjectStorage } from "../../storage/storage.ts";
import { readCmapCodePoints } from "./cmap.ts";
import type { SubsetPool } from "./subset-pool.ts";

export type FontSubsetter = {
  /**
   * A WOFF2 font holding the given chars, from the one font file that covers most of them. A subset
   * already built, or being built for anyone, is shared; only a new build asks the pool, as `client`.
   */
  subset(chars: string[], client?: string): Promise<Buffer>;
  /** The same choice as `subset`, uncompressed and uncached, for inspecting what a subset holds. */
  subsetSfnt(chars: string[]): Promise<Buffer>;
};

/** `digest` is the sha256 of the font file: subsets are stored under what they were cut from. */
type LoadedFont = { file: string; digest: string; shared: SharedArrayBuffer; codePoints: Set<number> };
type FontChoice = { font: LoadedFont; chars: string[] };

/**
 * Built subsets kept in memory, by size; storage keeps every subset ever built. A subset's key
 * names its font file's content and its chars, so a subset never changes: every server process
 * finds the ones any other stored, and keeping them in memory needs no invalidation.
 */
const MEMORY_CACHE_BYTES = 32 * 1024 * 1024;

export function createFontSubsetter(options: {
  fontFiles: string[];
  storage: ObjectStorage;
  pool: Pick<SubsetPool, "run">;
}): FontSubsetter {
  const { fontFiles, storage, pool } = options;
  let loading: Promise<LoadedFont[]> | null = null;
  const loadFonts = (): Promise<LoadedFont[]> => {
    loading ??= Promise.all(fontFiles.map(loadFont)).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const memory = new ByteCappedLru(MEMORY_CACHE_BYTES);
  // Concurrent requests for the same subset share one build.
  const building = new Map<string, Promise<Buffer>>();

  async function buildWoff2(choice: FontChoice, key: string, client: string | undefined): Promise<Buffer> {
    const stored = await storage.get(key);
    if (stored) return stored;
    const job = { font: choice.font.shared, text: choice.chars.join(""), format: "woff2" } as const;
    const font = await pool.run(job, client);
    await storage.put(key, font, "font/woff2");
    return font;
  }

  return {
    async subset(chars, client) {
      const choice = chooseFont(await loadFonts(), chars);
      const key = cacheKey(choice);
      const cached = memory.get(key) ?? building.get(key);
      if (cached) return cached;
      const built = buildWoff2(choice, key, client).then((font) => {
        memory.set(key, font);
        return font;
      });
      building.set(key, built);
      const forget = () => building.delete(key);
      built.then(forget, forget);
      return built;
    },
    async subsetSfnt(chars) {
      const choice = chooseFont(await loadFonts(), chars);
      return pool.run({ font: choice.font.shared, text: choice.chars.join(""), format: "sfnt" });
    },
  };
}

/** Reads a font file into memory the subset workers share, and the code points it draws. */
async function loadFont(file: string): Promise<LoadedFont> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const shared = new SharedArrayBuffer(size);
    const data = Buffer.from(shared);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(data, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`font file ended early: ${file}`);
      offset += bytesRead;
    }
    const digest = createHash("sha256").update(data).digest("hex");
    return { file, digest, shared, codePoints: readCmapCodePoints(data) };
  } finally {
    await handle.close();
  }
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
    .update(choice.font.digest)
    .update("\0")
    .update(String.fromCodePoint(...sorted))
    .digest("hex");
  return `fonts/cache/${hash}.woff2`;
}

/** Least recently used first: a Map iterates in insertion order, and a hit re-inserts its entry. */
class ByteCappedLru {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly capacityBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.byteLength > this.capacityBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.capacityBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.byteLength;
    }
  }

  private delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.bytes -= value.byteLength;
  }
}
