/** Reads of the `char_type` table: a tripitaka's rows filtered, ordered and paged. */
import type { Kysely, Selectable } from "kysely";
import type { CharTypeListQuery, CharTypeSort } from "../../../contract/charType.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import type { CharTypeTable } from "../../db/tables/char-type.ts";

type Db = Kysely<Database>;

const CHAR_TYPE_COLUMNS = [
  "ori_txt",
  "uni_txt",
  "std_txt",
  "sim_txt",
  "is_manual",
  "is_deform",
  "frequency",
  "gaiji_code",
  "composition",
] as const;

export type StoredCharType = Pick<Selectable<CharTypeTable>, (typeof CHAR_TYPE_COLUMNS)[number]>;

export type CharTypeFilter = Pick<
  CharTypeListQuery,
  "ori_txt" | "uni_txt" | "std_txt" | "sim_txt" | "is_manual" | "is_deform"
>;

const ORDER: Record<CharTypeSort, { column: "frequency" | "code_point"; direction: "asc" | "desc" }> = {
  "-frequency": { column: "frequency", direction: "desc" },
  frequency: { column: "frequency", direction: "asc" },
  ori_txt: { column: "code_point", direction: "asc" },
  "-ori_txt": { column: "code_point", direction: "desc" },
};

export async function listCharTypes(
  db: Db,
  tripitakaUid: string,
  filter: CharTypeFilter,
  sort: CharTypeSort,
  page: PageRequest,
): Promise<{ total: number; rows: StoredCharType[] }> {
  let query = db.selectFrom("char_type").where("tripitaka_uid", "=", tripitakaUid);
  for (const form of ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const) {
    const text = filter[form];
    if (text !== undefined) query = query.where(form, "=", text);
  }
  for (const flag of ["is_manual", "is_deform"] as const) {
    const value = filter[flag];
    if (value !== undefined) query = query.where(flag, "=", value ? 1 : 0);
  }
  const order = ORDER[sort];
  return countedPage(query, page, (filtered) =>
    filtered
      .select(CHAR_TYPE_COLUMNS)
      .orderBy(order.column, order.direction)
      // Equal frequencies in character order either way, so every page is stable.
      .orderBy("code_point", order.column === "frequency" ? "asc" : order.direction),
  );
}
