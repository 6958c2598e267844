/**
 * The character image lists as the API answers them (spec section 3, "Char image item" and the
 * group item): paged rows with their ids for the readers and the address of their cut image.
 */
import type { Kysely } from "kysely";
import type {
  CharFilter,
  CharGroupItem,
  CharGroupQuery,
  CharImageItem,
  CharListQuery,
  CharStats,
  CharStatsQuery,
} from "../../../contract/charImage.ts";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import { printCharId } from "../../../contract/ids.ts";
import type { Dialect } from "../../db/connect.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import {
  type CharImageRow,
  charStats,
  countChars,
  countGroups,
  listChars,
  listGroups,
} from "./char-repository.ts";

export type CharDeps = { db: Kysely<Database>; dialect: Dialect; storage: ObjectStorage };

function itemOf(row: CharImageRow, storage: ObjectStorage): CharImageItem {
  return {
    cid: printCharId({ pageUid: row.page_uid, line: row.line_no, char: row.char_no }),
    ouid: row.box_char_id,
    puid: row.page_uid,
    sn: `${row.line_no}.${row.char_no}`,
    suid: row.sutra_uid,
    sutra_name:
      row.sutra_name_sim === null
        ? null
        : `${row.sutra_name_sim}|${row.sutra_name_trad ?? row.sutra_name_sim}`,
    ot: row.ori_txt,
    ut: row.uni_txt,
    st: row.std_txt,
    mt: row.sim_txt,
    is_deform: row.is_deform === 1,
    cc: row.cc,
    img_url: row.img_key ? storage.urlFor(row.img_key) : null,
  };
}

const filterOf = ({ ot, ut, st, mt, sutra_uid, page_uid, char_sn }: CharFilter): CharFilter => ({
  ot,
  ut,
  st,
  mt,
  sutra_uid,
  page_uid,
  char_sn,
});

export async function charList(
  deps: CharDeps,
  tripitakaUid: string,
  query: CharListQuery,
): Promise<Paged<CharImageItem>> {
  const scope = { tripitakaUid, filter: filterOf(query) };
  const page = pageRequestOf(query);
  const [total, rows] = await Promise.all([
    countChars(deps.db, scope),
    listChars(deps.db, deps.dialect, scope, query.sort_by, page),
  ]);
  return pageOf(
    total,
    query,
    rows.map((row) => itemOf(row, deps.storage)),
  );
}

export async function charGroups(
  deps: CharDeps,
  tripitakaUid: string,
  query: CharGroupQuery,
): Promise<Paged<CharGroupItem>> {
  const scope = { tripitakaUid, filter: filterOf(query) };
  const page = pageRequestOf(query);
  const [total, groups] = await Promise.all([
    countGroups(deps.db, scope, query.txt_type),
    listGroups(deps.db, deps.dialect, scope, query.txt_type, query.sort_by, page),
  ]);
  return pageOf(total, query, groups);
}

export function charSearchStats(
  deps: CharDeps,
  tripitakaUid: string,
  query: CharStatsQuery,
): Promise<CharStats> {
  return charStats(deps.db, { tripitakaUid, filter: filterOf(query) }, query.txt_type, query.categories);
}
