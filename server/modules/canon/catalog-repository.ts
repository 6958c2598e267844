/**
 * Reads of the sutra catalogue: tripitakas, sutras with their authors, dynasties and categories,
 * the config lists and the book catalogue. Explicit column lists throughout.
 */
import { type Kysely, sql } from "kysely";
import type { NamedItem, Sutra, SutraListRequest, Tripitaka } from "../../../contract/canon.ts";
import { countedPage, pageRequestOf } from "../../db/paging.ts";
import type { Database, SutraRow } from "../../db/schema.ts";

type Db = Kysely<Database>;

/** A catalogue name as the API writes it: traditional|simplified. */
export const catalogueLabel = (trad: string, sim: string): string => `${trad}|${sim}`;

/** A tripitaka's own columns, selected and grouped by alike beside its sutras' count. */
const TRIPITAKA_COLUMNS = [
  "tripitaka.uid",
  "tripitaka.name_trad",
  "tripitaka.name_sim",
  "tripitaka.short_name",
  "tripitaka.store_mode",
  "tripitaka.img_ready",
  "tripitaka.img_suffix",
  "tripitaka.cbeta_collection",
  "tripitaka.is_listed",
  "tripitaka.sn",
] as const;

export async function listTripitakas(db: Db): Promise<Tripitaka[]> {
  const rows = await db
    .selectFrom("tripitaka")
    .leftJoin("sutra", "sutra.tripitaka_uid", "tripitaka.uid")
    .select(TRIPITAKA_COLUMNS)
    .select((eb) => eb.fn.count<number>("sutra.uid").as("sutra_count"))
    .groupBy(TRIPITAKA_COLUMNS)
    .orderBy("tripitaka.is_listed", "desc")
    .orderBy("tripitaka.sn")
    .execute();
  return rows.map((r) => ({
    uid: r.uid,
    name: catalogueLabel(r.name_trad, r.name_sim),
    name_trad: r.name_trad,
    name_sim: r.name_sim,
    short_name: r.short_name,
    store_mode: r.store_mode,
    img_ready: r.img_ready === 1,
    img_suffix: r.img_suffix,
    cbeta_collection: r.cbeta_collection,
    is_listed: r.is_listed === 1,
    sutra_count: Number(r.sutra_count),
  }));
}

/** What a tripitaka's home says of it first: its names, collection and number of sutras. */
export type TripitakaSummary = Pick<
  Tripitaka,
  "uid" | "name_trad" | "name_sim" | "cbeta_collection" | "sutra_count"
>;

export async function tripitakaSummary(db: Db, uid: string): Promise<TripitakaSummary | null> {
  const row = await db
    .selectFrom("tripitaka")
    .select(["uid", "name_trad", "name_sim", "cbeta_collection"])
    .select((eb) =>
      eb
        .selectFrom("sutra")
        .select((inner) => inner.fn.countAll<number>().as("count"))
        .whereRef("sutra.tripitaka_uid", "=", "tripitaka.uid")
        .as("sutra_count"),
    )
    .where("uid", "=", uid)
    .executeTakeFirst();
  return row ? { ...row, sutra_count: Number(row.sutra_count ?? 0) } : null;
}

export async function tripitakaExists(db: Db, uid: string): Promise<boolean> {
  return (
    (await db.selectFrom("tripitaka").select("uid").where("uid", "=", uid).executeTakeFirst()) !== undefined
  );
}

/** What the catalogue says of a sutra: its names, byline, category, dynasty and years. */
export const SUTRA_CATALOGUE_COLUMNS = [
  "name_trad",
  "name_sim",
  "byline",
  "category_id",
  "dynasty_id",
  "start_year",
  "end_year",
] as const;
const SUTRA_COLUMNS = ["uid", ...SUTRA_CATALOGUE_COLUMNS, "reel_count", "char_cnt", "updated_at"] as const;
type SutraCore = Pick<SutraRow, (typeof SUTRA_COLUMNS)[number]>;

/** Adds authors, the dynasty, the category and the reel list to sutra rows. */
async function enrich(db: Db, rows: SutraCore[]): Promise<Sutra[]> {
  if (rows.length === 0) return [];
  const uids = rows.map((r) => r.uid);
  const [authors, reels, dynasties, categories] = await Promise.all([
    db
      .selectFrom("sutra_author")
      .innerJoin("author", "author.id", "sutra_author.author_id")
      .select(["sutra_author.sutra_uid", "author.id", "author.name_trad", "author.name_sim"])
      .where("sutra_author.sutra_uid", "in", uids)
      .orderBy("sutra_author.sn")
      .execute(),
    db
      .selectFrom("reel")
      .select(["uid", "sutra_uid", "name_trad", "name_sim"])
      .where("sutra_uid", "in", uids)
      .orderBy("reel_no")
      .execute(),
    db.selectFrom("dynasty").select(["id", "name_trad", "name_sim"]).execute(),
    db.selectFrom("category").select(["id", "name_trad", "name_sim"]).execute(),
  ]);
  const named = (list: { id: number; name_trad: string; name_sim: string }[]) =>
    new Map(list.map((d) => [d.id, { id: d.id, name: catalogueLabel(d.name_trad, d.name_sim) }]));
  const dynastyById = named(dynasties);
  const categoryById = named(categories);
  const authorsOf = new Map<string, NamedItem[]>();
  for (const a of authors) {
    const list = authorsOf.get(a.sutra_uid) ?? [];
    list.push({ id: a.id, name: catalogueLabel(a.name_trad, a.name_sim) });
    authorsOf.set(a.sutra_uid, list);
  }
  const reelsOf = new Map<string, [string, string][]>();
  for (const r of reels) {
    const list = reelsOf.get(r.sutra_uid) ?? [];
    list.push([r.uid, r.name_sim]);
    reelsOf.set(r.sutra_uid, list);
  }
  return rows.map((r) => {
    const dynasty = r.dynasty_id === null ? undefined : dynastyById.get(r.dynasty_id);
    const category = r.category_id === null ? undefined : categoryById.get(r.category_id);
    const years =
      r.start_year === null
        ? ""
        : r.end_year === null || r.end_year === r.start_year
          ? `${r.start_year}`
          : `${r.start_year}-${r.end_year}`;
    return {
      uid: r.uid,
      name: `${r.name_sim}|${r.name_trad}`,
      authors: authorsOf.get(r.uid) ?? [],
      dynasties: dynasty ? [dynasty] : [],
      categories: category ? [category] : [],
      actual_reel_cnt: r.reel_count,
      char_cnt: r.char_cnt,
      reel_uids: reelsOf.get(r.uid) ?? [],
      dynasty_author: r.byline,
      start_year: r.start_year,
      end_year: r.end_year,
      years,
      last_updated_time: Number(r.updated_at),
    };
  });
}

export async function sutrasUpdatedSince(db: Db, tripitakaUid: string, since: number): Promise<Sutra[]> {
  const rows = await db
    .selectFrom("sutra")
    .select(SUTRA_COLUMNS)
    .where("tripitaka_uid", "=", tripitakaUid)
    .where("updated_at", ">", since)
    .orderBy("sn")
    .execute();
  return enrich(db, rows);
}

const SORT_COLUMNS = {
  sutra_uid: "sn",
  start_year: "start_year",
  end_year: "end_year",
  char_cnt: "char_cnt",
  reel_cnt: "reel_count",
} as const;

/** A LIKE pattern containing `text` literally (wildcards escaped with a backslash). */
const containing = (text: string) =>
  sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;

/** At most this many pins take part in the order; more would only lengthen the CASE. */
const PINNED_ORDER_MAX = 200;

/**
 * One page of a tripitaka's sutras. `pinned` (a reader's pinned sutra uids, newest first) come
 * first in that order, then the rest by `sort_by`.
 */
export async function listSutras(
  db: Db,
  tripitakaUid: string,
  request: Required<Pick<SutraListRequest, "page_no" | "page_size" | "sort_by">> & SutraListRequest,
  pinned: readonly string[] = [],
): Promise<{ total: number; list: Sutra[] }> {
  let query = db.selectFrom("sutra").where("tripitaka_uid", "=", tripitakaUid);
  if (request.keyword) {
    const keyword = request.keyword;
    query = query.where((eb) =>
      eb.or([
        eb("name_trad", "like", containing(keyword)),
        eb("name_sim", "like", containing(keyword)),
        eb("uid", "=", keyword),
        eb("byline", "like", containing(keyword)),
      ]),
    );
  }
  if (request.sutra_name) {
    const name = request.sutra_name;
    query = query.where((eb) =>
      eb.or([eb("name_trad", "like", containing(name)), eb("name_sim", "like", containing(name))]),
    );
  }
  if (request.sutra_uids?.length) query = query.where("uid", "in", request.sutra_uids);
  if (request.category_ids?.length) query = query.where("category_id", "in", request.category_ids);
  if (request.dynasty_ids?.length) query = query.where("dynasty_id", "in", request.dynasty_ids);
  if (request.author_ids?.length) {
    const authorIds = request.author_ids;
    query = query.where("uid", "in", (eb) =>
      eb.selectFrom("sutra_author").select("sutra_uid").where("author_id", "in", authorIds),
    );
  }
  const descending = request.sort_by.startsWith("-");
  const column = SORT_COLUMNS[request.sort_by.replace(/^-/, "") as keyof typeof SORT_COLUMNS];
  const pins = pinned.slice(0, PINNED_ORDER_MAX);
  const page = pageRequestOf(request);
  const { total, rows } = await countedPage(query, page, (filtered) => {
    let ordered = filtered.select(SUTRA_COLUMNS);
    if (pins.length > 0) {
      const ranks = sql.join(
        pins.map((uid, rank) => sql`when ${uid} then ${sql.lit(rank)}`),
        sql` `,
      );
      ordered = ordered.orderBy(sql`case ${sql.ref("uid")} ${ranks} else ${sql.lit(pins.length)} end`);
    }
    return ordered.orderBy(column, descending ? "desc" : "asc").orderBy("sn");
  });
  return { total, list: await enrich(db, rows) };
}

/** Dynasties, categories or authors of a tripitaka's sutras, with how many sutras each has. */
export async function configList(
  db: Db,
  tripitakaUid: string,
  kind: "dynasty" | "category" | "author",
): Promise<(NamedItem & { sutra_count: number })[]> {
  const rows =
    kind === "author"
      ? await db
          .selectFrom("author")
          .innerJoin("sutra_author", "sutra_author.author_id", "author.id")
          .innerJoin("sutra", "sutra.uid", "sutra_author.sutra_uid")
          .select([
            "author.id",
            "author.name_trad",
            "author.name_sim",
            (eb) => eb.fn.count<number>("sutra.uid").as("n"),
          ])
          .where("sutra.tripitaka_uid", "=", tripitakaUid)
          .groupBy(["author.id", "author.name_trad", "author.name_sim"])
          .orderBy("author.id")
          .execute()
      : await db
          .selectFrom(kind)
          .innerJoin("sutra", `sutra.${kind}_id`, `${kind}.id`)
          .select([
            `${kind}.id`,
            `${kind}.name_trad`,
            `${kind}.name_sim`,
            (eb) => eb.fn.count<number>("sutra.uid").as("n"),
          ])
          .where("sutra.tripitaka_uid", "=", tripitakaUid)
          .groupBy([`${kind}.id`, `${kind}.name_trad`, `${kind}.name_sim`])
          .orderBy(`${kind}.id`)
          .execute();
  return rows.map((r) => ({
    id: r.id,
    name: catalogueLabel(r.name_trad, r.name_sim),
    sutra_count: Number(r.n),
  }));
}

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom("setting").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

export async function listBooks(db: Db, tripitakaUid: string) {
  const rows = await db
    .selectFrom("book")
    .select(["uid", "volume", "first_page_uid", "last_page_uid", "page_count", "excluded"])
    .where("tripitaka_uid", "=", tripitakaUid)
    .orderBy("volume")
    .execute();
  return rows.map((b) => ({
    uid: b.uid,
    volume: b.volume,
    from: b.first_page_uid,
    to: b.last_page_uid,
    page_count: b.page_count,
    excluded: JSON.parse(b.excluded) as string[],
  }));
}
