/**
 * What a search needs to know about a tripitaka's indexed reels and their sutras: filters, sorting,
 * statistics and the result items all read it. Kept per process and read again when the
 * tripitaka's index changes (its version is counted by index-writer.ts; a re-import gives its
 * reels new ids), in this process or another (server/plugins/cache-invalidation.ts).
 */
import type { Kysely } from "kysely";
import type { StatKey } from "../../../contract/search-results.ts";
import type { Database } from "../../db/schema.ts";
import type { CacheInvalidation, CacheMark } from "../../plugins/cache-invalidation.ts";
import { catalogueLabel, SUTRA_CATALOGUE_COLUMNS } from "../canon/catalog-repository.ts";
import { type IdRange, idRangeOfSlot } from "./index-writer.ts";

export type ReelEntry = {
  /** The reel's search id, and its number within its tripitaka's id range (reel-counts.ts). */
  id: number;
  number: number;
  reelUid: string;
  sutraUid: string;
  reelNo: number;
  nameTrad: string;
  nameSim: string;
  lineCount: number;
  /** How many searchable chars each of its lines holds (line-chars.ts), as stored; null if unknown. */
  lineChars: Uint8Array | null;
};

export type SutraEntry = {
  uid: string;
  sn: number;
  nameTrad: string;
  nameSim: string;
  byline: string;
  categoryId: number | null;
  dynastyId: number | null;
  startYear: number | null;
  endYear: number | null;
  /** Authors by the name the catalogue writes (traditional), with their label (traditional|simplified). */
  authors: { name: string; nameSim: string; label: string }[];
  /** The sutra's options in the statistics' filters. */
  options: { categories: StatKey[]; dynasties: StatKey[]; authors: StatKey[] };
};

export type { StatKey };

export type SearchCatalogue = {
  range: IdRange | null;
  /** The tripitaka's index version the catalogue was read at (null: not indexed). */
  version: number | null;
  /** The indexed reels by their number within the range. */
  reels: (ReelEntry | undefined)[];
  sutras: Map<string, SutraEntry>;
  /** Labels (traditional|simplified) of categories and dynasties by id. */
  categories: Map<number, string>;
  dynasties: Map<number, string>;
  /** Authors' statistics options by any of their names (traditional, simplified, label). */
  authors: Map<string, StatKey>;
};

type Db = Kysely<Database>;

async function loadCatalogue(
  db: Db,
  tripitakaUid: string,
  range: IdRange | null,
  version: number | null,
): Promise<SearchCatalogue> {
  const [reels, sutras, authors, categories, dynasties] = await Promise.all([
    range
      ? db
          .selectFrom("search_reel")
          .innerJoin("reel", "reel.uid", "search_reel.reel_uid")
          .select([
            "search_reel.id",
            "reel.uid",
            "reel.sutra_uid",
            "reel.reel_no",
            "reel.name_trad",
            "reel.name_sim",
            "reel.line_count",
            "search_reel.line_chars",
          ])
          .where("search_reel.id", ">=", range.lo)
          .where("search_reel.id", "<=", range.hi)
          .execute()
      : [],
    db
      .selectFrom("sutra")
      .select(["uid", "sn", ...SUTRA_CATALOGUE_COLUMNS])
      .where("tripitaka_uid", "=", tripitakaUid)
      .execute(),
    db
      .selectFrom("sutra_author")
      .innerJoin("author", "author.id", "sutra_author.author_id")
      .innerJoin("sutra", "sutra.uid", "sutra_author.sutra_uid")
      .select(["sutra_author.sutra_uid", "author.name_trad", "author.name_sim"])
      .where("sutra.tripitaka_uid", "=", tripitakaUid)
      .orderBy("sutra_author.sn")
      .execute(),
    db.selectFrom("category").select(["id", "name_trad", "name_sim"]).execute(),
    db.selectFrom("dynasty").select(["id", "name_trad", "name_sim"]).execute(),
  ]);
  const authorsOf = new Map<string, SutraEntry["authors"]>();
  for (const a of authors) {
    const list = authorsOf.get(a.sutra_uid) ?? [];
    list.push({ name: a.name_trad, nameSim: a.name_sim, label: catalogueLabel(a.name_trad, a.name_sim) });
    authorsOf.set(a.sutra_uid, list);
  }
  const categoryLabels = new Map(categories.map((c) => [c.id, catalogueLabel(c.name_trad, c.name_sim)]));
  const dynastyLabels = new Map(dynasties.map((d) => [d.id, catalogueLabel(d.name_trad, d.name_sim)]));
  const keyOf = (labels: Map<number, string>, id: number | null): StatKey[] =>
    id === null ? [] : [{ id, name: labels.get(id) ?? "" }];
  return {
    range,
    version,
    reels: reelsByNumber(
      reels.map((r) => ({
        id: Number(r.id),
        number: Number(r.id) - (range?.lo ?? 0),
        reelUid: r.uid,
        sutraUid: r.sutra_uid,
        reelNo: r.reel_no,
        nameTrad: r.name_trad,
        nameSim: r.name_sim,
        lineCount: r.line_count,
        lineChars: r.line_chars,
      })),
    ),
    sutras: new Map(
      sutras.map((s) => [
        s.uid,
        {
          uid: s.uid,
          sn: s.sn,
          nameTrad: s.name_trad,
          nameSim: s.name_sim,
          byline: s.byline,
          categoryId: s.category_id,
          dynastyId: s.dynasty_id,
          startYear: s.start_year,
          endYear: s.end_year,
          authors: authorsOf.get(s.uid) ?? [],
          options: {
            categories: keyOf(categoryLabels, s.category_id),
            dynasties: keyOf(dynastyLabels, s.dynasty_id),
            authors: (authorsOf.get(s.uid) ?? []).map((a) => ({ id: a.name, name: a.label })),
          },
        },
      ]),
    ),
    categories: categoryLabels,
    dynasties: dynastyLabels,
    authors: new Map(
      authors.flatMap((a) => {
        const key = { id: a.name_trad, name: catalogueLabel(a.name_trad, a.name_sim) };
        return [a.name_trad, a.name_sim, key.name].map((name) => [name, key] as const);
      }),
    ),
  };
}

/** Reels in an array indexed by their number (numbers are dense: each new reel takes the next). */
function reelsByNumber(entries: ReelEntry[]): (ReelEntry | undefined)[] {
  const last = entries.reduce((max, e) => Math.max(max, e.number), -1);
  const byNumber: (ReelEntry | undefined)[] = Array.from({ length: last + 1 }, () => undefined);
  for (const entry of entries) byNumber[entry.number] = entry;
  return byNumber;
}

export type CatalogueCache = (tripitakaUid: string) => Promise<SearchCatalogue>;

/**
 * Catalogues by tripitaka, each checked against its tripitaka's index version before use; while
 * `invalidation` vouches that no change was announced, a recently checked one is used unchecked.
 */
export function createCatalogueCache(db: () => Db, invalidation?: CacheInvalidation): CatalogueCache {
  const cached = new Map<string, { key: string; catalogue: SearchCatalogue; mark: CacheMark | null }>();
  return async (tripitakaUid) => {
    const hit = cached.get(tripitakaUid);
    if (hit?.mark && invalidation?.fresh(hit.mark)) return hit.catalogue;
    const mark = invalidation?.mark(`search_tripitaka:${tripitakaUid}`) ?? null;
    const row = await db()
      .selectFrom("search_tripitaka")
      .select(["slot", "version"])
      .where("uid", "=", tripitakaUid)
      .executeTakeFirst();
    const key = row ? `${row.slot}:${row.version}` : "";
    if (hit && hit.key === key) {
      hit.mark = mark;
      return hit.catalogue;
    }
    const catalogue = await loadCatalogue(
      db(),
      tripitakaUid,
      row ? idRangeOfSlot(row.slot) : null,
      row ? Number(row.version) : null,
    );
    cached.set(tripitakaUid, { key, catalogue, mark });
    return catalogue;
  };
}
