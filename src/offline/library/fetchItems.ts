/**
 * Fetches one task's items and checks each before it may be stored: the row is the one asked for
 * (uid, text form), reel texts and pages have exactly the size the plan announced, files have the
 * planned byte length and the content type their path calls for. A reel text comes with its
 * collation apparatus in the same form, stored with it (null when the reel has none).
 */
import type { Page } from "../../../contract/canon.ts";
import {
  contentTypeOf,
  packedReelText,
  type StoredDownloadItem,
  storedBytes,
  storedReelApparatus,
  storedReelText,
  utf8Bytes,
} from "../../../contract/offline-library.ts";
import type { ApiClient } from "../../api/client.ts";
import {
  fetchBookList,
  fetchCatalogOf,
  fetchOfflineApparatus,
  fetchOfflinePages,
  fetchOfflineReels,
  fetchStoredFile,
  fetchSutraEntries,
  fetchTripitakaList,
} from "../../api/offline.ts";
import { type FetchTask, parseItemKey } from "./items.ts";
import type { FetchedRow } from "./mutations.ts";

export type FetchDeps = {
  api: ApiClient;
  /** Prefix of stored file paths: "" in the browser, the server's address in tests. */
  origin: string;
  now(): number;
};

/** An item that arrived but is not what the plan listed. */
export class ItemInvalidError extends Error {
  override readonly name = "ItemInvalidError";
}

const invalid = (item: StoredDownloadItem, why: string) => new ItemInvalidError(`${item.key}: ${why}`);
const jsonBytes = (value: unknown) => utf8Bytes(JSON.stringify(value));

export async function fetchTask(
  deps: FetchDeps,
  tripitakaUid: string,
  task: FetchTask,
  signal: AbortSignal,
): Promise<FetchedRow[]> {
  const { api } = deps;
  const now = deps.now();
  const ids = task.items.map((item) => parseItemKey(item.key).id);
  switch (task.kind) {
    case "tripitaka": {
      const list = await fetchTripitakaList(api, signal);
      return task.items.map((item, at) => {
        const tripitaka = list.find((t) => t.uid === ids[at]);
        if (!tripitaka) throw invalid(item, "tripitaka not listed");
        const row = { uid: tripitaka.uid, tripitaka, stored_at: now };
        return { item, kind: "tripitaka", row, bytes: jsonBytes(row) };
      });
    }
    case "books": {
      const books = await fetchBookList(api, tripitakaUid, signal);
      if (!Array.isArray(books)) throw invalid(task.items[0] as StoredDownloadItem, "not a book list");
      return task.items.map((item) => {
        const row = { tripitaka_uid: tripitakaUid, books, stored_at: now };
        return { item, kind: "books", row, bytes: jsonBytes(row) };
      });
    }
    case "sutra": {
      const sutras = await fetchSutraEntries(api, tripitakaUid, ids, signal);
      return task.items.map((item, at) => {
        const sutra = sutras.find((s) => s.uid === ids[at]);
        if (!sutra) throw invalid(item, "sutra not in the catalogue");
        const row = { uid: sutra.uid, tripitaka_uid: tripitakaUid, sutra, stored_at: now };
        return { item, kind: "sutra", row, bytes: jsonBytes(row) };
      });
    }
    case "catalog": {
      const item = task.items[0] as StoredDownloadItem;
      const catalog = await fetchCatalogOf(api, ids[0] as string, signal);
      if (catalog.sutra_uid !== ids[0] || !Array.isArray(catalog.reels) || !Array.isArray(catalog.tree)) {
        throw invalid(item, "not this sutra's catalogue");
      }
      const row = { sutra_uid: catalog.sutra_uid, catalog, stored_at: now };
      return [{ item, kind: "catalog", row, bytes: jsonBytes(row) }];
    }
    case "reel_text":
      return fetchReelTexts(deps, tripitakaUid, task, signal);
    case "page":
      return fetchPages(deps, tripitakaUid, task, signal);
    case "blob": {
      const item = task.items[0] as StoredDownloadItem;
      const path = ids[0] as string;
      const { blob, contentType } = await fetchStoredFile(deps.origin, path, signal);
      if (blob.size !== item.bytes) throw invalid(item, `${blob.size} bytes, ${item.bytes} planned`);
      if (contentType !== contentTypeOf(path)) throw invalid(item, `content type ${contentType}`);
      return [
        { item, kind: "blob", row: { path, blob, bytes: blob.size, stored_at: now }, bytes: blob.size },
      ];
    }
    case "fonts":
      throw new Error("font subsets are fetched by the font step");
  }
}

async function fetchReelTexts(deps: FetchDeps, tripitakaUid: string, task: FetchTask, signal: AbortSignal) {
  const wanted = task.items.map((item) => ({ item, key: parseItemKey(item.key) }));
  const reelUids = [...new Set(wanted.map((w) => w.key.id))];
  const forms = [...new Set(wanted.flatMap((w) => (w.key.txtType ? [w.key.txtType] : [])))];
  const reels = await fetchOfflineReels(deps.api, { reel_uids: reelUids, txt_types: forms }, signal);
  const now = deps.now();
  const texts = wanted.map(({ item, key }) => {
    const reel = reels.find((r) => r.reel_uid === key.id && r.txt_type === key.txtType);
    if (!reel || !Array.isArray(reel.pages)) throw invalid(item, "reel text missing from the answer");
    const row = storedReelText(reel, tripitakaUid);
    if (row.bytes !== item.bytes) throw invalid(item, `${row.bytes} bytes, ${item.bytes} planned`);
    return { item, row };
  });
  const apparatus = await fetchOfflineApparatus(deps.api, { reel_uids: reelUids, txt_types: forms }, signal);
  return Promise.all(
    texts.map(async ({ item, row }): Promise<FetchedRow> => {
      const { reel } = row;
      const found = apparatus.find((a) => a.reel_uid === reel.reel_uid && a.txt_type === reel.txt_type);
      if (!found) throw invalid(item, "apparatus missing from the answer");
      return {
        item,
        kind: "reel_text",
        row: await packedReelText(row, now),
        bytes: row.bytes,
        apparatus: await storedReelApparatus(reel, found, tripitakaUid, now),
      };
    }),
  );
}

async function fetchPages(deps: FetchDeps, tripitakaUid: string, task: FetchTask, signal: AbortSignal) {
  const uids = task.items.map((item) => parseItemKey(item.key).id);
  const pages = await fetchOfflinePages(deps.api, { page_uids: uids }, signal);
  const byUid = new Map<string, Page>(pages.map((page) => [page.uid, page]));
  const now = deps.now();
  return task.items.map((item, at): FetchedRow => {
    const page = byUid.get(uids[at] as string);
    if (!page || !Array.isArray(page.columns)) throw invalid(item, "page missing from the answer");
    const bytes = storedBytes(page);
    if (bytes !== item.bytes) throw invalid(item, `${bytes} bytes, ${item.bytes} planned`);
    const row = { uid: page.uid, tripitaka_uid: tripitakaUid, book_uid: page.book_uid, page, stored_at: now };
    return { item, kind: "page", row, bytes };
  });
}
