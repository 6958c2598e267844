/**
 * The font subsets kept on this device: IndexedDB database `rsDatabase`, version 1, store `fonts`
 * (spec sections 3 and 9), one record per subset: key, data, version, plus the font name and the
 * characters it was asked for, so a later visit finds which subsets cover its characters.
 */
import type { Dexie, EntityTable } from "dexie";
import {
  FONT_CACHE_VERSION,
  FONT_DB_NAME,
  FONT_DB_VERSION,
  FONT_STORE,
} from "../../../contract/font-chars.ts";

export type FontRecord = {
  key: string;
  fontName: string;
  /** The characters requested for this subset, by code point. */
  chars: string;
  data: ArrayBuffer;
  version: number;
};

export type FontStore = {
  /** The current records of one font; stale ones are deleted on the way. */
  read(fontName: string): Promise<FontRecord[]>;
  save(record: FontRecord): Promise<void>;
  remove(key: string): Promise<void>;
};

type FontDatabase = Dexie & { [FONT_STORE]: EntityTable<FontRecord, "key"> };

/** Dexie is loaded only when a text needs the dynamic font, so the reader's first text does not wait for it. */
export function createFontStore(): FontStore {
  let database: Promise<FontDatabase> | null = null;
  const open = (): Promise<FontDatabase> => {
    database ??= import("dexie").then(({ Dexie }) => {
      const opened = new Dexie(FONT_DB_NAME) as FontDatabase;
      opened.version(FONT_DB_VERSION).stores({ [FONT_STORE]: "key, fontName" });
      return opened;
    });
    return database;
  };
  return {
    async read(fontName) {
      const { fonts } = await open();
      const records = await fonts.where("fontName").equals(fontName).toArray();
      const stale = records.filter((record) => record.version !== FONT_CACHE_VERSION);
      if (stale.length > 0) await fonts.bulkDelete(stale.map((record) => record.key));
      return records.filter((record) => record.version === FONT_CACHE_VERSION);
    },
    async save(record) {
      await (await open()).fonts.put(record);
    },
    async remove(key) {
      await (await open()).fonts.delete(key);
    },
  };
}
