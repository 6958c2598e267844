/**
 * A verified pack part made into library rows, each exactly as the item-by-item download stores it
 * (src/offline/library/fetchItems.ts), and checked the same way: the row is the one its key names,
 * reel texts and pages have the size the pack announces for them, files their byte length. A rows
 * part holds the library rows without `stored_at`; the API's own objects (a reel, a page, a sutra…)
 * are read as well, so a pack may carry either. A reel text's apparatus, when the part carries it,
 * becomes its apparatus row (with the witnesses' fragments worked out over the reel's lines).
 */
import type { Apparatus } from "../../../contract/apparatus.ts";
import type { Book, Page, Reel, Sutra, SutraCatalog, Tripitaka } from "../../../contract/canon.ts";
import {
  contentTypeOf,
  packedReelText,
  type StoredReelApparatus,
  storedBytes,
  storedReel,
  storedReelApparatus,
  type UnpackedReelText,
} from "../../../contract/offline-library.ts";
import type { PackPart } from "../../../contract/pack.ts";
import { partBytes, partRows } from "../../../contract/pack-codec.ts";
import { ItemInvalidError } from "../library/fetchItems.ts";
import { parseItemKey } from "../library/items.ts";
import type { PackRow } from "../library/mutations.ts";
import { isRowKind, type RowKind, rowAccess } from "../library/rows.ts";

const invalid = (key: string, why: string) => new ItemInvalidError(`${key}: ${why}`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The inner object of a library row (`row[field]`), or the row itself when it is the API's object. */
function inner<T>(row: unknown, field: string): T {
  return (isObject(row) && isObject(row[field]) ? row[field] : row) as T;
}

function libraryRow(
  kind: RowKind,
  key: string,
  payload: unknown,
  tripitakaUid: string,
  now: number,
): unknown {
  const id = parseItemKey(key).id;
  if (!isObject(payload) && !Array.isArray(payload)) throw invalid(key, "not a row");
  const tripitakaOfRow =
    isObject(payload) && typeof payload.tripitaka_uid === "string" ? payload.tripitaka_uid : tripitakaUid;
  switch (kind) {
    case "tripitaka": {
      const tripitaka = inner<Tripitaka>(payload, "tripitaka");
      if (tripitaka.uid !== id) throw invalid(key, "another tripitaka");
      return { uid: tripitaka.uid, tripitaka, stored_at: now };
    }
    case "books": {
      const books = Array.isArray(payload) ? (payload as Book[]) : (payload as { books?: unknown }).books;
      if (!Array.isArray(books)) throw invalid(key, "not a book list");
      return { tripitaka_uid: id, books, stored_at: now };
    }
    case "sutra": {
      const sutra = inner<Sutra>(payload, "sutra");
      if (sutra.uid !== id) throw invalid(key, "another sutra");
      return { uid: sutra.uid, tripitaka_uid: tripitakaOfRow, sutra, stored_at: now };
    }
    case "catalog": {
      const catalog = inner<SutraCatalog>(payload, "catalog");
      if (catalog.sutra_uid !== id || !Array.isArray(catalog.reels) || !Array.isArray(catalog.tree))
        throw invalid(key, "not this sutra's catalogue");
      return { sutra_uid: catalog.sutra_uid, catalog, stored_at: now };
    }
    case "reel_text": {
      const reel = storedReel(inner<Reel>(payload, "reel"));
      const { txtType } = parseItemKey(key);
      if (reel.reel_uid !== id || reel.txt_type !== txtType || !Array.isArray(reel.pages))
        throw invalid(key, "another reel text");
      const row: UnpackedReelText = {
        reel_uid: reel.reel_uid,
        txt_type: reel.txt_type,
        sutra_uid: reel.sutra_uid,
        tripitaka_uid: tripitakaOfRow,
        reel,
        chars: reel.format.chars,
        bytes: storedBytes(reel),
        stored_at: now,
      };
      return row;
    }
    case "page": {
      const page = inner<Page>(payload, "page");
      if (page.uid !== id || !Array.isArray(page.columns)) throw invalid(key, "another page");
      return { uid: page.uid, tripitaka_uid: tripitakaOfRow, book_uid: page.book_uid, page, stored_at: now };
    }
    case "blob":
      throw invalid(key, "a file is a part of its own");
  }
}

/** The apparatus row of a reel text row from what the part carries beside it (null: it has none). */
async function apparatusRow(
  key: string,
  text: UnpackedReelText,
  carried: unknown,
  now: number,
): Promise<StoredReelApparatus | null> {
  if (carried === null) return null;
  const apparatus = carried as Apparatus;
  if (
    !isObject(carried) ||
    apparatus.reel_uid !== text.reel_uid ||
    apparatus.txt_type !== text.txt_type ||
    !Array.isArray(apparatus.entries) ||
    !Array.isArray(apparatus.witnesses)
  )
    throw invalid(key, "another reel text's apparatus");
  return storedReelApparatus(text.reel, apparatus, text.tripitaka_uid, now);
}

/** Where a key's row belongs: the tripitaka of the download listing it. */
export type KeyOwner = (key: string) => { tripitakaUid: string; wanted: boolean };

/**
 * The rows of a verified part that a download of the install wants, ready to store. `stored` are
 * the part's bytes as read (already checked against its sha256).
 */
export async function rowsOfPart(
  part: PackPart,
  stored: Uint8Array,
  owner: KeyOwner,
  now: number,
): Promise<PackRow[]> {
  if (part.kind === "index" || part.kind === "fonts") return [];
  if (part.kind === "blob") {
    const key = part.keys[0];
    if (key === undefined || !owner(key).wanted) return [];
    const data = await partBytes(part, stored);
    if (data.length !== part.item_bytes[0])
      throw invalid(key, `${data.length} bytes, ${String(part.item_bytes[0])} announced`);
    const path = parseItemKey(key).id;
    const blob = new Blob([data as BlobPart], { type: contentTypeOf(path) });
    return [{ key, kind: "blob", row: { path, blob, bytes: blob.size, stored_at: now }, bytes: blob.size }];
  }
  const kind = part.kind;
  if (!isRowKind(kind)) return [];
  const { rows, apparatus } = await partRows(part, stored);
  if (!Array.isArray(rows) || rows.length !== part.keys.length)
    throw invalid(part.keys[0] ?? `part ${part.id}`, `part ${part.id} holds another number of rows`);
  if (apparatus !== undefined && (!Array.isArray(apparatus) || apparatus.length !== rows.length))
    throw invalid(part.keys[0] ?? `part ${part.id}`, `part ${part.id} holds another number of apparatus`);
  const access = rowAccess[kind];
  const out: PackRow[] = [];
  for (const [at, key] of part.keys.entries()) {
    const { tripitakaUid, wanted } = owner(key);
    if (!wanted) continue;
    if (parseItemKey(key).kind !== kind) throw invalid(key, `listed in a part of ${kind}`);
    const row = libraryRow(kind, key, rows[at], tripitakaUid, now);
    const bytes = access.bytes(row);
    if (access.sized && bytes !== part.item_bytes[at])
      throw invalid(key, `${bytes} bytes, ${String(part.item_bytes[at])} announced`);
    if (kind === "reel_text") {
      const text = row as UnpackedReelText;
      const carried =
        apparatus === undefined ? {} : { apparatus: await apparatusRow(key, text, apparatus[at], now) };
      out.push({ key, kind, row: await packedReelText(text, now), bytes, ...carried });
    } else out.push({ key, kind, row, bytes });
  }
  return out;
}
