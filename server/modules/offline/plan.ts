/**
 * The plan of a download: its sutras, their reels with the bytes each chosen text form takes when
 * stored, the pages of those reels (or all of a tripitaka's pages) with theirs, and, when asked, the
 * page scans and thumbnails with their sizes; the tripitaka's canon version, and the pack that
 * covers the plan if the server holds one. Sizes are measured on the very objects the batch reads
 * answer, so the download can check every item against them. The pack builder lists a pack's
 * content with the same functions.
 */
import type { Kysely } from "kysely";
import type { OfflinePlan, PlanFile } from "../../../contract/offline.ts";
import { contentTypeOf, type DownloadScope } from "../../../contract/offline-library.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { chunks, IN_CHUNK } from "../canon/reel-reads.ts";
import { tripitakaCanonVersion } from "../packs/canon-version.ts";
import { coveringPack } from "../packs/pack-service.ts";
import { resolveScope } from "./scope.ts";
import type { SizeCache } from "./size-cache.ts";

type Db = Kysely<Database>;

export type PlanRequest = {
  tripitakaUid: string;
  scope: DownloadScope;
  txtTypes: TxtType[];
  withPages: boolean;
  withImages: boolean;
  userId: number | null;
  /** Packs that carry page scans may be offered (the site does not limit page-image views). */
  scansOffered: boolean;
};

export type PageRow = {
  uid: string;
  book_uid: string;
  sn: number;
  img_path: string | null;
  thumb_path: string | null;
};

export type PlanSutra = OfflinePlan["sutras"][number];
/** A planned file with the storage key it is read from. */
export type KeyedFile = PlanFile & { key: string };

const bookOrder = (a: PageRow, b: PageRow): number =>
  a.book_uid.localeCompare(b.book_uid, "en", { numeric: true }) || a.sn - b.sn;

/** The pages of the reels, or every page of the tripitaka, in book order. */
export async function pagesOfScope(
  db: Db,
  tripitakaUid: string,
  reelUids: readonly string[],
  allPages: boolean,
): Promise<PageRow[]> {
  const columns = ["uid", "book_uid", "sn", "img_path", "thumb_path"] as const;
  if (allPages) {
    const rows = await db
      .selectFrom("page")
      .select(columns)
      .where("tripitaka_uid", "=", tripitakaUid)
      .execute();
    return rows.sort(bookOrder);
  }
  const pageUids = new Set<string>();
  for (const part of chunks(reelUids, IN_CHUNK)) {
    const rows = await db
      .selectFrom("line")
      .select("page_uid")
      .distinct()
      .where("reel_uid", "in", part)
      .execute();
    for (const row of rows) pageUids.add(row.page_uid);
  }
  const rows: PageRow[] = [];
  for (const part of chunks([...pageUids], IN_CHUNK)) {
    rows.push(
      ...(await db
        .selectFrom("page")
        .select([...columns])
        .where("uid", "in", part)
        .execute()),
    );
  }
  return rows.sort(bookOrder);
}

/** The sutras in catalogue order, each with its reels in order. */
export async function sutrasOfScope(db: Db, sutraUids: readonly string[]): Promise<PlanSutra[]> {
  const sutraRows = [];
  const reelRows = [];
  for (const part of chunks(sutraUids, IN_CHUNK)) {
    sutraRows.push(
      ...(await db
        .selectFrom("sutra")
        .select(["uid", "name_sim", "name_trad", "sn"])
        .where("uid", "in", part)
        .execute()),
    );
    reelRows.push(
      ...(await db
        .selectFrom("reel")
        .select(["uid", "sutra_uid", "reel_no"])
        .where("sutra_uid", "in", part)
        .orderBy("sutra_uid")
        .orderBy("reel_no")
        .execute()),
    );
  }
  sutraRows.sort((a, b) => a.sn - b.sn);
  const reelsOf = new Map<string, string[]>();
  for (const reel of reelRows) {
    const list = reelsOf.get(reel.sutra_uid);
    if (list) list.push(reel.uid);
    else reelsOf.set(reel.sutra_uid, [reel.uid]);
  }
  return sutraRows.map((s) => ({
    uid: s.uid,
    name: `${s.name_sim}|${s.name_trad}`,
    reel_uids: reelsOf.get(s.uid) ?? [],
  }));
}

/** The stored scans and thumbnails of the pages, with their sizes (files not in storage are left out). */
export async function filesOfPages(
  storage: ObjectStorage,
  pageRows: readonly PageRow[],
): Promise<KeyedFile[]> {
  const files: KeyedFile[] = [];
  for (const row of pageRows) {
    for (const [kind, key] of [
      ["scan", row.img_path],
      ["thumb", row.thumb_path],
    ] as const) {
      if (!key) continue;
      const bytes = storage.size ? await storage.size(key) : ((await storage.get(key))?.length ?? null);
      if (bytes === null) continue;
      files.push({
        key,
        path: storage.urlFor(key),
        page_uid: row.uid,
        kind,
        bytes,
        content_type: contentTypeOf(key),
      });
    }
  }
  return files;
}

export async function buildPlan(
  db: Db,
  storage: ObjectStorage,
  sizes: SizeCache,
  request: PlanRequest,
): Promise<OfflinePlan> {
  const { tripitakaUid, scope, txtTypes } = request;
  const scansWithheld = request.withImages && !request.scansOffered;
  const withImages = request.withImages && !scansWithheld;
  const withPages = request.withPages || request.withImages;
  const content = await resolveScope(db, tripitakaUid, scope, request.userId);

  const sutras = await sutrasOfScope(db, content.sutraUids);
  const reelUids = sutras.flatMap((s) => s.reel_uids);

  const reelSizes = await sizes.reels(db, reelUids, txtTypes);
  const reels: OfflinePlan["reels"] = [];
  for (const sutra of sutras) {
    for (const uid of sutra.reel_uids) {
      const texts = txtTypes.flatMap((txtType) => {
        const size = reelSizes.get(`${uid}:${txtType}`);
        return size ? [{ txt_type: txtType, chars: size.chars, bytes: size.bytes }] : [];
      });
      if (texts.length > 0) reels.push({ uid, sutra_uid: sutra.uid, texts });
    }
  }

  const pageRows = withPages ? await pagesOfScope(db, tripitakaUid, reelUids, content.allPages) : [];
  const pageSizes = await sizes.pages(
    db,
    pageRows.map((row) => row.uid),
  );
  const pages: OfflinePlan["pages"] = pageRows.flatMap((row) => {
    const bytes = pageSizes.get(row.uid);
    return bytes === undefined ? [] : [{ uid: row.uid, book_uid: row.book_uid, bytes }];
  });

  const files: OfflinePlan["files"] = withImages
    ? (await filesOfPages(storage, pageRows)).map(({ key: _key, ...file }) => file)
    : [];

  if (reels.length === 0 && pages.length === 0) {
    throw new ApiError(422, "nothing to download: no texts, and pages were not asked for");
  }
  const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
  const textBytes = sum(reels.flatMap((r) => r.texts.map((t) => t.bytes)));
  const pageBytes = sum(pages.map((p) => p.bytes));
  const imageBytes = sum(files.map((f) => f.bytes));
  const canonVersion = await tripitakaCanonVersion(db, tripitakaUid);
  const pack = await coveringPack(db, {
    tripitakaUid,
    canonVersion,
    sutraUids: content.sutraUids,
    txtTypes,
    withPages,
    withImages,
    allPages: content.allPages,
    scansOffered: request.scansOffered,
  });
  return {
    tripitaka_uid: tripitakaUid,
    canon_version: canonVersion,
    pack,
    scope,
    label: content.label,
    txt_types: txtTypes,
    with_pages: withPages,
    with_images: withImages,
    scans_withheld: scansWithheld,
    sutras,
    reels,
    pages,
    files,
    totals: {
      sutras: sutras.length,
      reels: reels.length,
      pages: pages.length,
      files: files.length,
      chars: sum(reels.flatMap((r) => r.texts.map((t) => t.chars))),
      text_bytes: textBytes,
      page_bytes: pageBytes,
      image_bytes: imageBytes,
      total_bytes: textBytes + pageBytes + imageBytes,
    },
  };
}
