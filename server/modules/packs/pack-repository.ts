/** The `pack` table: the packs the server holds and what each covers. */
import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { PackTable } from "../../db/tables/pack.ts";

type Db = Kysely<Database>;
export type PackRow = Selectable<PackTable>;

export async function listPackRows(db: Db, tripitakaUid?: string): Promise<PackRow[]> {
  let query = db.selectFrom("pack").selectAll();
  if (tripitakaUid !== undefined) query = query.where("tripitaka_uid", "=", tripitakaUid);
  return query.orderBy("created_at", "desc").orderBy("name").execute();
}

export async function packRowByName(db: Db, name: string): Promise<PackRow | null> {
  return (await db.selectFrom("pack").selectAll().where("name", "=", name).executeTakeFirst()) ?? null;
}

/** Packs of a tripitaka at a canon version, newest first. */
export async function packRowsOfVersion(
  db: Db,
  tripitakaUid: string,
  canonVersion: string,
): Promise<PackRow[]> {
  return db
    .selectFrom("pack")
    .selectAll()
    .where("tripitaka_uid", "=", tripitakaUid)
    .where("canon_version", "=", canonVersion)
    .orderBy("created_at", "desc")
    .orderBy("name")
    .execute();
}

/** Packs made for the same selection: tripitaka, scope, sutras, text forms, pages and images. */
export async function packRowsOfSelection(
  db: Db,
  row: Pick<
    PackRow,
    "tripitaka_uid" | "scope" | "sutra_uids_hash" | "txt_types" | "with_pages" | "with_images"
  >,
): Promise<PackRow[]> {
  return db
    .selectFrom("pack")
    .selectAll()
    .where("tripitaka_uid", "=", row.tripitaka_uid)
    .where("scope", "=", row.scope)
    .where("sutra_uids_hash", "=", row.sutra_uids_hash)
    .where("txt_types", "=", row.txt_types)
    .where("with_pages", "=", row.with_pages)
    .where("with_images", "=", row.with_images)
    .execute();
}

export async function insertPackRow(db: Db, row: Insertable<PackTable>): Promise<void> {
  await db.insertInto("pack").values(row).execute();
}

export async function deletePackRows(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .deleteFrom("pack")
    .where("name", "in", [...names])
    .execute();
}
