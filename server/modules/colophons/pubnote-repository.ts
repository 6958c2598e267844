/**
 * Reading colophons: the rows of a tripitaka that contain every search text, in the order asked
 * for, a page at a time. Texts match the folded copies (folding.ts); the page uids match as typed,
 * ignoring case. Empty values sort last in either direction, on SQLite and PostgreSQL alike.
 */
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type {
  PubNoteListQuery,
  PubNoteRow,
  PubNoteSearchField,
  PubNoteSortField,
} from "../../../contract/colophons.ts";
import type { Database } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";
import { foldText } from "./folding.ts";

type Eb = ExpressionBuilder<Database, "pub_note">;

/** The stored column a search field matches. */
const SEARCHED: Record<PubNoteSearchField, keyof Database["pub_note"]> = {
  pub_note: "pub_note_fold",
  reel_name: "reel_name_fold",
  page_uid: "page_uids",
  pub_era: "pub_era_fold",
  pub_address: "pub_address_fold",
  fundraiser: "fundraiser_fold",
  donor: "donor_fold",
  writer: "writer_fold",
  editor: "editor_fold",
  engraver: "engraver_fold",
  director: "director_fold",
  remark: "remark_fold",
};

/** The stored column a sortable field orders by. */
const SORTED: Record<PubNoteSortField, keyof Database["pub_note"]> = {
  reel_name: "reel_order",
  page_uid: "page_order",
  thousand_char: "thousand_char",
  pub_year: "pub_year",
  char_count: "char_count",
  donate_amount: "donate_amount_li",
  remark: "remark",
};

const COLUMNS = [
  "id",
  "reel_uid",
  "reel_name",
  "first_page_uid",
  "last_page_uid",
  "page_uids",
  "pub_note",
  "pub_era",
  "pub_year",
  "pub_address",
  "thousand_char",
  "char_count",
  "fundraiser",
  "donor",
  "donate_wish",
  "donate_amount",
  "writer",
  "editor",
  "engraver",
  "director",
  "remark",
] as const;

function matching(tripitakaUid: string, query: PubNoteListQuery) {
  return (eb: Eb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb("tripitaka_uid", "=", tripitakaUid)];
    for (const [field, column] of Object.entries(SEARCHED) as [
      PubNoteSearchField,
      keyof Database["pub_note"],
    ][]) {
      const value = query[field]?.trim() ?? "";
      if (value === "") continue;
      const text = field === "page_uid" ? value : foldText(value);
      conditions.push(containsText(eb.ref(column) as Expression<string>, text));
    }
    return eb.and(conditions);
  };
}

export async function countPubNotes(
  db: Kysely<Database>,
  tripitakaUid: string,
  query: PubNoteListQuery,
): Promise<number> {
  const row = await db
    .selectFrom("pub_note")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where(matching(tripitakaUid, query))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function listPubNotes(
  db: Kysely<Database>,
  tripitakaUid: string,
  query: PubNoteListQuery,
): Promise<PubNoteRow[]> {
  let select = db.selectFrom("pub_note").select(COLUMNS).where(matching(tripitakaUid, query));
  if (query.sort_by) {
    const descending = query.sort_by.startsWith("-");
    const column = SORTED[query.sort_by.replace(/^-/u, "") as PubNoteSortField];
    select = select
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column, descending ? "desc" : "asc");
  }
  const rows = await select
    .orderBy("reel_order")
    .orderBy("sn")
    .orderBy("id")
    .limit(query.page_size)
    .offset((query.page_no - 1) * query.page_size)
    .execute();
  return rows.map(({ first_page_uid, last_page_uid, page_uids, ...row }) => ({
    ...row,
    page_uid: first_page_uid === last_page_uid ? first_page_uid : `${first_page_uid}-${last_page_uid}`,
    img_name: page_uids,
  }));
}
