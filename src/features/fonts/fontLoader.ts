/**
 * Makes characters drawable with the dynamic font: from the subsets kept on this device first,
 * then from the server in batches, each subset registered as it arrives and kept for later visits.
 * One loader serves the whole app, so a character is asked for at most once per session.
 */
import {
  batchChars,
  byCodePoint,
  DYNAMIC_FONT_FAMILY,
  FONT_CACHE_VERSION,
  shouldSaveSubset,
  subsetKey,
  unicodeRange,
} from "../../../contract/font-chars.ts";
import type { FontRecord, FontStore } from "./fontStore.ts";

export type FontLoaderDeps = {
  fontName: string;
  fetchSubset(tripitakaUid: string, fontName: string, chars: readonly string[]): Promise<ArrayBuffer>;
  store: FontStore;
  /** Makes a subset's glyphs drawable for exactly these characters. */
  register(chars: readonly string[], data: ArrayBuffer): Promise<void>;
};

export type DynamicFontLoader = {
  /** Resolves once every given character has a registered subset; rejects if any batch failed. */
  ensure(chars: readonly string[], tripitakaUid: string): Promise<void>;
  /** Keeps on this device the subsets of this session that were too small to keep by default. */
  keep(): Promise<void>;
};

export function createFontLoader(deps: FontLoaderDeps): DynamicFontLoader {
  const { fontName, store } = deps;
  /** Characters with a registered subset. */
  const covered = new Set<string>();
  /** Characters whose subset is being registered or fetched. */
  const pending = new Map<string, Promise<void>>();
  const registeredKeys = new Set<string>();
  const unsaved = new Map<string, FontRecord>();
  let stored: Promise<FontRecord[]> | null = null;

  const readStored = (): Promise<FontRecord[]> => {
    stored ??= store.read(fontName).catch(() => []);
    return stored;
  };

  /** Runs `work` for `chars`, marking them pending until it settles and covered if it succeeds. */
  function track(chars: readonly string[], work: () => Promise<void>): Promise<void> {
    const run = work().then(
      () => {
        for (const char of chars) {
          covered.add(char);
          pending.delete(char);
        }
      },
      (error: unknown) => {
        for (const char of chars) pending.delete(char);
        throw error;
      },
    );
    for (const char of chars) pending.set(char, run);
    return run;
  }

  const fromStore = (record: FontRecord): Promise<void> =>
    track([...record.chars], async () => {
      try {
        await deps.register([...record.chars], record.data);
      } catch (error) {
        // An unreadable record is dropped; its characters go to the server instead.
        await store.remove(record.key).catch(() => undefined);
        throw error;
      }
    });

  const fromServer = (batch: string[], tripitakaUid: string): Promise<void> =>
    track(batch, async () => {
      const data = await deps.fetchSubset(tripitakaUid, fontName, batch);
      const key = subsetKey(fontName, batch);
      registeredKeys.add(key);
      await deps.register(batch, data);
      const record: FontRecord = { key, fontName, chars: batch.join(""), data, version: FONT_CACHE_VERSION };
      if (shouldSaveSubset(fontName, batch.length)) await store.save(record).catch(() => undefined);
      else unsaved.set(key, record);
    });

  return {
    async ensure(chars, tripitakaUid) {
      const wanted = new Set(chars.filter((char) => !covered.has(char)));
      if (wanted.size === 0) return;
      const isOpen = (char: string) => wanted.has(char) && !covered.has(char) && !pending.has(char);
      const restoring: Promise<void>[] = [];
      for (const record of await readStored()) {
        if (registeredKeys.has(record.key) || ![...record.chars].some(isOpen)) continue;
        registeredKeys.add(record.key);
        restoring.push(fromStore(record));
      }
      // A kept subset that cannot be registered leaves its characters to the server.
      await Promise.allSettled(restoring);
      const work = new Set<Promise<void>>();
      const toFetch: string[] = [];
      for (const char of wanted) {
        if (covered.has(char)) continue;
        const running = pending.get(char);
        if (running) work.add(running);
        else toFetch.push(char);
      }
      for (const batch of batchChars(toFetch.sort(byCodePoint))) work.add(fromServer(batch, tripitakaUid));
      const failed = (await Promise.allSettled(work)).find((outcome) => outcome.status === "rejected");
      if (failed) throw failed.reason;
    },
    async keep() {
      const records = [...unsaved.values()];
      await Promise.all(records.map((record) => store.save(record)));
      for (const record of records) unsaved.delete(record.key);
    },
  };
}

/** Registers subsets with the CSS Font Loading API, one face per subset under one family. */
export function fontFaceRegistrar(fonts: FontFaceSet): FontLoaderDeps["register"] {
  return async (chars, data) => {
    const face = new FontFace(DYNAMIC_FONT_FAMILY, data, {
      unicodeRange: unicodeRange(chars),
      display: "swap",
    });
    await face.load();
    fonts.add(face);
  };
}
