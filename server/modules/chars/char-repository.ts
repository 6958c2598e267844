/**
 * Reads of the character images: the boxed chars of a tripitaka's scans (`char` with its
 * `char_image` row) under the screen's filters, a page of them in the asked order with their
 * sutra's title, their counts by one text form, and the statistics of a search. Text is ordered by
 * code point on both databases.
 */
import { type Expression, type Kysely, type RawBuilder, sql } from "kysely";
import { CHAR_TEXT_FILTERS } from "../../../contract/char-image-rules.ts";
import type {
  CharFilter,
  CharGroupSort,
  CharListSort,
  CharStats,
  CharStatsCategory,
  CharTextFilter,
} from "../../../contract/charImage.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Dialect } from "../../db/connect.ts";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;
type Scope = { tripitakaUid: string; filter: CharFilter };

const FORM_COLUMNS = {
  ori_txt: "c.ori_txt",
  uni_txt: "c.uni_txt",
  std_txt: "c.std_txt",
  sim_txt: "c.sim_txt",
} as const satisfies Record<TxtType, string>;

/**
 * A text column compared by code point: SQLite compares bytes (BINARY), PostgreSQL does so under
 * the "C" collation (its default collation may skip the underscores of page uids).
 */
const byCodePoint = (dialect: Dialect, column: string): RawBuilder<string> =>
  dialect === "postgres" ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;

function scoped(db: Db, { tripitakaUid, filter }: Scope) {
  let query = db
    .selectFrom("char_image as ci")
    .innerJoin("char as c", (join) =>
      join
        .onRef("c.page_uid", "=", "ci.page_uid")
        .onRef("c.line_no", "=", "ci.line_no")
        .onRef("c.char_no", "=", "ci.char_no"),
    )
    .where("ci.tripitaka_uid", "=", tripitakaUid);
  for (const [key, form] of Object.entries(CHAR_TEXT_FILTERS) as [CharTextFilter, TxtType][]) {
    const wanted = filter[key];
    if (wanted !== undefined) query = query.where(FORM_COLUMNS[form], "=", wanted);
  }
  if (filter.sutra_uid !== undefined) query = query.where("ci.sutra_uid", "=", filter.sutra_uid);
  if (filter.page_uid !== undefined) query = query.where("ci.page_uid", "=", filter.page_uid);
  if (filter.char_sn !== undefined) {
    const [line, char] = filter.char_sn.split(".").map(Number) as [number, number];
    query = query.where("ci.line_no", "=", line).where("ci.char_no", "=", char);
  }
  return query;
}

export type CharImageRow = {
  page_uid: string;
  line_no: number;
  char_no: number;
  box_char_id: string;
  ori_txt: string;
  uni_txt: string;
  std_txt: string;
  sim_txt: string;
  cc: number | null;
  sutra_uid: string | null;
  /** The sutra's title: its imported text's, else its edition catalogue's. */
  sutra_name_sim: string | null;
  sutra_name_trad: string | null;
  img_key: string | null;
  is_deform: number;
};

export async function countChars(db: Db, scope: Scope): Promise<number> {
  const row = await scoped(db, scope)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listChars(
  db: Db,
  dialect: Dialect,
  scope: Scope,
  sort: CharListSort,
  page: { no: number; size: number },
): Promise<CharImageRow[]> {
  const descending = sort.startsWith("-");
  const key = descending ? sort.slice(1) : sort;
  const direction = descending ? "desc" : "asc";
  const pageDirection = key === "page_uid" ? direction : "asc";
  let query = scoped(db, scope)
    .leftJoin("sutra as s", "s.uid", "ci.sutra_uid")
    .leftJoin("edition_sutra as es", "es.uid", "ci.sutra_uid")
    .select((eb) => [
      eb.fn.coalesce("s.name_sim", "es.name_sim").as("sutra_name_sim"),
      eb.fn.coalesce("s.name_trad", "es.name_trad").as("sutra_name_trad"),
    ])
    .select([
      "ci.page_uid",
      "ci.line_no",
      "ci.char_no",
      "c.box_char_id",
      "c.ori_txt",
      "c.uni_txt",
      "c.std_txt",
      "c.sim_txt",
      "c.cc",
      "ci.sutra_uid",
      "ci.img_key",
      "ci.is_deform",
    ]);
  if (key === "ot") query = query.orderBy(byCodePoint(dialect, "c.ori_txt"), direction);
  if (key === "cc")
    query = query
      .orderBy((eb) => eb.case().when("c.cc", "is", null).then(1).else(0).end())
      .orderBy("c.cc", direction);
  return query
    .orderBy(byCodePoint(dialect, "ci.page_uid"), pageDirection)
    .orderBy("ci.line_no", pageDirection)
    .orderBy("ci.char_no", pageDirection)
    .limit(page.size)
    .offset((page.no - 1) * page.size)
    .execute();
}

/** The number of distinct characters in `form`, the group view's total. */
export async function countGroups(db: Db, scope: Scope, form: TxtType): Promise<number> {
  const row = await scoped(db, scope)
    .select((eb) => eb.fn.count<number | string>(FORM_COLUMNS[form]).distinct().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Characters in `form` with their box counts, in `sort`'s order: by count (ties by the character's
 * code points, ascending) or by the character's code points.
 */
export async function listGroups(
  db: Db,
  dialect: Dialect,
  scope: Scope,
  form: TxtType,
  sort: CharGroupSort,
  page: { no: number; size: number },
): Promise<{ txt: string; count: number }[]> {
  const column = FORM_COLUMNS[form];
  const direction = sort.startsWith("-") ? "desc" : "asc";
  let query = scoped(db, scope)
    .select((eb) => [eb.ref(column).as("txt"), eb.fn.countAll<number | string>().as("count")])
    .groupBy(column);
  if (sort.endsWith("count")) query = query.orderBy((eb) => eb.fn.countAll(), direction);
  const rows = await query
    .orderBy(byCodePoint(dialect, column), sort.endsWith("txt") ? direction : "asc")
    .limit(page.size)
    .offset((page.no - 1) * page.size)
    .execute();
  return rows.map((row) => ({ txt: row.txt, count: Number(row.count) }));
}

/** The statistics of a search: only the `categories` asked are counted and answered. */
export async function charStats(
  db: Db,
  scope: Scope,
  form: TxtType,
  categories: readonly CharStatsCategory[],
): Promise<CharStats> {
  const figure = (category: CharStatsCategory, count: Expression<number | string>) =>
    (categories.includes(category) ? sql<number | string | null>`${count}` : sql<null>`null`).as(category);
  const row = await scoped(db, scope)
    .select((eb) => [
      figure("total", eb.fn.countAll<number | string>()),
      figure("chars", eb.fn.count<number | string>(FORM_COLUMNS[form]).distinct()),
      figure("pages", eb.fn.count<number | string>("ci.page_uid").distinct()),
      figure("sutras", eb.fn.count<number | string>("ci.sutra_uid").distinct()),
    ])
    .executeTakeFirstOrThrow();
  const stats: CharStats = {};
  for (const category of categories) {
    const value = row[category];
    if (value !== null) stats[category] = Number(value);
  }
  return stats;
}

/** How many boxes hold each of `texts` as their original form: the list's total for `ot` = that text. */
export async function countByOriginal(
  db: Db,
  tripitakaUid: string,
  texts: readonly string[],
): Promise<Map<string, number>> {
  if (texts.length === 0) return new Map();
  const rows = await scoped(db, { tripitakaUid, filter: {} })
    .where("c.ori_txt", "in", texts)
    .select((eb) => [eb.ref("c.ori_txt").as("txt"), eb.fn.countAll<number | string>().as("n")])
    .groupBy("c.ori_txt")
    .execute();
  return new Map(rows.map((row) => [row.txt, Number(row.n)]));
}
