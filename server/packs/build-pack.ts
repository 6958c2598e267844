/**
 * Builds a pack (layout in contract/pack.ts) of a selection: the rows the item-by-item download of
 * that selection stores (pack-rows.ts), in the order the plan lists its items, in gzip'd parts of a
 * few MB; each page scan and thumbnail a part of its own; font subsets of the rare characters of its
 * texts (font-chars.ts) in the readers' batches; and the offline search worker's index of its reels
 * (workers/search/pack-index.ts). Parts go to the sink as they are made; only what the index is
 * built from (the reels' lines) is kept until the end.
 */
import type { Kysely } from "kysely";
import { batchChars, DYNAMIC_FONT_NAME, subsetKey } from "../../contract/font-chars.ts";
import { itemKeys, type ReelTextRow, type UnpackedReelText } from "../../contract/offline-library.ts";
import type {
  PackDownload,
  PackManifest,
  PackPart,
  PackPartKind,
  PackRowsPayload,
} from "../../contract/pack.ts";
import { createPackWriter, type PackSink, type PackWriter } from "../../contract/pack-codec.ts";
import { txtTypes as allTxtTypes } from "../../contract/tripitaka.ts";
import { buildPackIndex } from "../../workers/search/pack-index.ts";
import type { Database } from "../db/schema.ts";
import { chunks } from "../modules/canon/reel-reads.ts";
import type { FontSubsetter } from "../modules/fonts/font-subsetter.ts";
import { filesOfPages, pagesOfScope, sutrasOfScope } from "../modules/offline/plan.ts";
import { tripitakaCanonVersion } from "../modules/packs/canon-version.ts";
import type { ObjectStorage } from "../storage/storage.ts";
import { addPackFontChars, sortedChars } from "./font-chars.ts";
import {
  booksRow,
  catalogRow,
  PackContentError,
  type PackRowItem,
  pageRows,
  reelTextRows,
  SUTRAS_PER_CALL,
  sutraRows,
  tripitakaRow,
} from "./pack-rows.ts";
import type { PackForms, PackSelection } from "./selection.ts";
import { readVariantData } from "./variants.ts";

export type PackBuildDeps = {
  db: Kysely<Database>;
  storage: ObjectStorage;
  /** Subsets of the dynamic font; null when the server has no font files (the pack has no fonts). */
  fonts: Pick<FontSubsetter, "subset"> | null;
  now(): number;
  /** Called as each part is written. */
  onPart?(part: PackPart): void;
};

export type PackBuildResult = {
  manifest: PackManifest;
  manifestSha256: string;
  bytes: number;
  canonVersion: string;
  ms: number;
};

/** A rows part stops growing past this many rows or bytes of JSON (before gzip). */
export const ROWS_PER_PART = 500;
export const PART_BYTES = 2 * 1024 * 1024;
/** Reels and pages per batch read, as the download reads them. */
const READ_BATCH = 50;
/** Index texts per part stop growing past this many chars. */
const INDEX_PART_CHARS = 2 * 1024 * 1024;

/** Collects rows of one kind into parts; the rows of one group (a reel's forms) stay in one part. */
function rowParts(writer: PackWriter, kind: PackPartKind, keys: string[], onPart?: (part: PackPart) => void) {
  let items: PackRowItem<unknown>[] = [];
  let bytes = 0;
  const flush = async () => {
    if (items.length === 0) return;
    const rows = items.map((item) => item.row);
    const payload: PackRowsPayload =
      kind === "reel_text" ? { rows, apparatus: items.map((item) => item.apparatus ?? null) } : { rows };
    const part = await writer.addJson(
      { kind, keys: items.map((item) => item.key), item_bytes: items.map((item) => item.itemBytes) },
      payload,
    );
    onPart?.(part);
    items = [];
    bytes = 0;
  };
  return {
    async add(group: readonly PackRowItem<unknown>[]) {
      // A reel text's or page's item bytes are its JSON's size already; other rows are measured.
      const weight = group.reduce(
        (n, item) =>
          n +
          (item.itemBytes || JSON.stringify(item.row).length) +
          (item.apparatus ? JSON.stringify(item.apparatus).length : 0),
        0,
      );
      if (items.length > 0 && (items.length + group.length > ROWS_PER_PART || bytes + weight > PART_BYTES))
        await flush();
      items.push(...group);
      bytes += weight;
      for (const item of group) keys.push(item.key);
    },
    flush,
  };
}

/** What the index reads of a reel text: its lines, name and pages' uids, without the pages' lists. */
const indexRow = (row: ReelTextRow): UnpackedReelText => ({
  ...row,
  reel: { ...row.reel, pages: row.reel.pages.map((page) => ({ ...page, cids: [], images: [] })) },
  stored_at: 0,
});

/** Hands out the list's items, letting go of each once taken, so the index build frees them as it goes. */
function* taking<T>(list: (T | null)[]): Generator<T> {
  for (let at = 0; at < list.length; at++) {
    const item = list[at];
    list[at] = null;
    if (item) yield item;
  }
}

function* sized<T>(list: readonly T[], size: (item: T) => number, max: number): Generator<T[]> {
  let current: T[] = [];
  let total = 0;
  for (const item of list) {
    if (current.length > 0 && total + size(item) > max) {
      yield current;
      current = [];
      total = 0;
    }
    current.push(item);
    total += size(item);
  }
  if (current.length > 0) yield current;
}

export async function buildPack(
  deps: PackBuildDeps,
  selection: PackSelection,
  forms: PackForms,
  sink: PackSink,
): Promise<PackBuildResult> {
  const started = performance.now();
  const { db, storage, onPart } = deps;
  const { tripitakaUid } = selection;
  const txtTypes = allTxtTypes.filter((type) => forms.txtTypes.includes(type));
  if (txtTypes.length === 0) throw new PackContentError("a pack needs at least one text form");
  const withPages = forms.withPages || forms.withImages;
  const canonVersion = await tripitakaCanonVersion(db, tripitakaUid);
  const writer = await createPackWriter(sink);
  const keys: string[] = [];
  const parts = (kind: PackPartKind) => rowParts(writer, kind, keys, onPart);

  const sutras = await sutrasOfScope(db, selection.sutraUids);
  for (const [kind, read] of [
    ["tripitaka", async () => [await tripitakaRow(db, tripitakaUid)]],
    ["books", async () => [await booksRow(db, tripitakaUid)]],
  ] as const) {
    const out = parts(kind);
    await out.add(await read());
    await out.flush();
  }
  const sutraParts = parts("sutra");
  for (const batch of chunks(sutras, SUTRAS_PER_CALL)) {
    for (const row of await sutraRows(
      db,
      tripitakaUid,
      batch.map((s) => s.uid),
    ))
      await sutraParts.add([row]);
  }
  await sutraParts.flush();
  const catalogParts = parts("catalog");
  for (const sutra of sutras) await catalogParts.add([await catalogRow(db, sutra.uid)]);
  await catalogParts.flush();

  const fontChars = new Set<string>();
  const indexReels: (UnpackedReelText[] | null)[] = [];
  const reelUids = sutras.flatMap((s) => s.reel_uids);
  const reelParts = parts("reel_text");
  for (const batch of chunks(reelUids, READ_BATCH)) {
    const items = await reelTextRows(db, storage, tripitakaUid, batch, txtTypes);
    for (const uid of batch) {
      const group = items.filter((item) => item.row.reel_uid === uid);
      if (group.length === 0) continue;
      await reelParts.add(group);
      for (const { row } of group)
        for (const page of row.reel.pages)
          for (const line of page.lines) addPackFontChars(line.text, fontChars);
      indexReels.push(group.map((item) => indexRow(item.row)));
    }
  }
  await reelParts.flush();

  let pageCount = 0;
  if (withPages) {
    const pageList = await pagesOfScope(db, tripitakaUid, reelUids, selection.allPages);
    const pageParts = parts("page");
    for (const batch of chunks(pageList, READ_BATCH)) {
      const items = await pageRows(
        db,
        storage,
        tripitakaUid,
        batch.map((page) => page.uid),
      );
      for (const item of items) {
        await pageParts.add([item]);
        for (const column of item.row.page.columns)
          for (const txtType of txtTypes) addPackFontChars(column.text[txtType], fontChars);
      }
      pageCount += items.length;
    }
    await pageParts.flush();
    if (forms.withImages) {
      for (const file of await filesOfPages(storage, pageList)) {
        const body = await storage.get(file.key);
        if (!body) throw new PackContentError(`stored file missing: ${file.key}`);
        const key = itemKeys.blob(file.path);
        const part = await writer.addBytes(
          { kind: "blob", keys: [key], item_bytes: [body.length], content_type: file.content_type },
          body,
        );
        keys.push(key);
        onPart?.(part);
      }
    }
  }
  if (indexReels.length === 0 && pageCount === 0)
    throw new PackContentError("nothing to pack: no texts in these forms, and no pages");

  if (deps.fonts) {
    for (const batch of batchChars(sortedChars(fontChars))) {
      const font = await deps.fonts.subset(batch);
      const key = itemKeys.fonts(subsetKey(DYNAMIC_FONT_NAME, batch));
      const part = await writer.addBytes(
        {
          kind: "fonts",
          keys: [key],
          item_bytes: [0],
          content_type: DYNAMIC_FONT_NAME,
          chars: batch.join(""),
        },
        font,
      );
      keys.push(key);
      onPart?.(part);
    }
  }

  let index: PackManifest["index"] = null;
  if (indexReels.length > 0) {
    const built = buildPackIndex(taking(indexReels), await readVariantData(db));
    const none = { kind: "index" as const, keys: [], item_bytes: [] };
    const add = async (piece: PackPart["index"], value: unknown) => {
      const part = await writer.addJson({ ...none, index: piece }, value);
      onPart?.(part);
    };
    await add("variants", built.variants);
    await add("docs", built.docs);
    for (const texts of sized(built.texts, (text) => text.text.length, INDEX_PART_CHARS))
      await add("texts", texts);
    for (const segment of built.segments) await add("segment", segment);
    index = { format: built.format, folding: built.variants.hash, reels: built.docs.length };
  }

  const download: PackDownload = {
    tripitaka_uid: tripitakaUid,
    scope: selection.scope,
    label: selection.label,
    txt_types: txtTypes,
    with_pages: withPages,
    with_images: forms.withImages,
    keys,
  };
  const finished = await writer.finish({
    made_by: "server",
    created_at: deps.now(),
    canon_versions: { [tripitakaUid]: canonVersion },
    downloads: [download],
    index,
  });
  return { ...finished, canonVersion, ms: Math.round(performance.now() - started) };
}
