/** Writes and removes a sutra's apparatus rows, inside the transaction that writes its lines. */
import type { Transaction } from "kysely";
import { type ArrayColumn, insertMany } from "../db/bulk-insert.ts";
import type { Dialect } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import type { ReadingFragmentTable, ReelApparatusTable } from "../db/tables/apparatus.ts";
import type { ApparatusRows } from "./apparatus-entries.ts";

type Trx = Transaction<Database>;

const REEL_COLUMNS: readonly ArrayColumn<ReelApparatusTable>[] = [
  { name: "reel_uid", type: "text" },
  { name: "sutra_uid", type: "text" },
  { name: "entry_count", type: "integer" },
  { name: "note_count", type: "integer" },
  { name: "entries", type: "text" },
];

const FRAGMENT_COLUMNS: readonly ArrayColumn<ReadingFragmentTable>[] = [
  { name: "reel_uid", type: "text" },
  { name: "txt_type", type: "text" },
  { name: "seq", type: "integer" },
  { name: "sutra_uid", type: "text" },
  { name: "tripitaka_uid", type: "text" },
  { name: "cid", type: "text" },
  { name: "witnesses", type: "text" },
  { name: "text", type: "text" },
  { name: "spans", type: "text" },
  { name: "search_text", type: "text" },
];

export async function removeApparatus(trx: Trx, sutraUid: string): Promise<void> {
  await trx.deleteFrom("reading_fragment").where("sutra_uid", "=", sutraUid).execute();
  await trx.deleteFrom("reel_apparatus").where("sutra_uid", "=", sutraUid).execute();
}

export async function insertApparatus(trx: Trx, dialect: Dialect, rows: ApparatusRows): Promise<void> {
  await insertMany<Database, ReelApparatusTable>(trx, dialect, "reel_apparatus", REEL_COLUMNS, rows.reels);
  await insertMany<Database, ReadingFragmentTable>(
    trx,
    dialect,
    "reading_fragment",
    FRAGMENT_COLUMNS,
    rows.fragments,
  );
}
