/** Reads and writes of a reader's sutra groups and the sutras in them. */
import type { Kysely } from "kysely";
import type { SutraGroup } from "../../../contract/personal.ts";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;
export type GroupOwner = { userId: number; tripitakaUid: string };
export type GroupRow = { id: number; name: string; sn: number };

export async function listGroups(db: Db, owner: GroupOwner): Promise<SutraGroup[]> {
  const groups = await db
    .selectFrom("sutra_group")
    .select(["id", "name", "sn"])
    .where("user_id", "=", owner.userId)
    .where("tripitaka_uid", "=", owner.tripitakaUid)
    .orderBy("sn")
    .orderBy("id")
    .execute();
  if (groups.length === 0) return [];
  const items = await db
    .selectFrom("sutra_group_item")
    .select(["group_id", "sutra_uid"])
    .where(
      "group_id",
      "in",
      groups.map((g) => g.id),
    )
    .orderBy("added_at")
    .orderBy("sutra_uid")
    .execute();
  return groups.map((g) => ({
    _id: g.id,
    name: g.name,
    sn: g.sn,
    sutra_uids: items.filter((item) => item.group_id === g.id).map((item) => item.sutra_uid),
  }));
}

export async function findGroupById(db: Db, owner: GroupOwner, id: number): Promise<GroupRow | null> {
  const row = await db
    .selectFrom("sutra_group")
    .select(["id", "name", "sn"])
    .where("id", "=", id)
    .where("user_id", "=", owner.userId)
    .where("tripitaka_uid", "=", owner.tripitakaUid)
    .executeTakeFirst();
  return row ?? null;
}

export async function findGroupByName(db: Db, owner: GroupOwner, name: string): Promise<GroupRow | null> {
  const row = await db
    .selectFrom("sutra_group")
    .select(["id", "name", "sn"])
    .where("user_id", "=", owner.userId)
    .where("tripitaka_uid", "=", owner.tripitakaUid)
    .where("name", "=", name)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertGroup(db: Db, owner: GroupOwner, name: string, now: number): Promise<number> {
  const last = await db
    .selectFrom("sutra_group")
    .select((eb) => eb.fn.max("sn").as("sn"))
    .where("user_id", "=", owner.userId)
    .where("tripitaka_uid", "=", owner.tripitakaUid)
    .executeTakeFirst();
  const row = await db
    .insertInto("sutra_group")
    .values({
      user_id: owner.userId,
      tripitaka_uid: owner.tripitakaUid,
      name,
      sn: Number(last?.sn ?? 0) + 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameGroup(db: Db, id: number, name: string, now: number): Promise<void> {
  await db.updateTable("sutra_group").set({ name, updated_at: now }).where("id", "=", id).execute();
}

export async function setGroupSn(db: Db, id: number, sn: number, now: number): Promise<void> {
  await db.updateTable("sutra_group").set({ sn, updated_at: now }).where("id", "=", id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom("sutra_group_item").where("group_id", "=", id).execute();
  await db.deleteFrom("sutra_group").where("id", "=", id).execute();
}

export async function addGroupItems(db: Db, id: number, sutraUids: string[], now: number): Promise<void> {
  if (sutraUids.length === 0) return;
  await db
    .insertInto("sutra_group_item")
    .values(sutraUids.map((sutra_uid, i) => ({ group_id: id, sutra_uid, added_at: now + i })))
    .onConflict((oc) => oc.columns(["group_id", "sutra_uid"]).doNothing())
    .execute();
}

export async function removeGroupItem(db: Db, id: number, sutraUid: string): Promise<void> {
  await db
    .deleteFrom("sutra_group_item")
    .where("group_id", "=", id)
    .where("sutra_uid", "=", sutraUid)
    .execute();
}

/** The uids among `sutraUids` that are sutras of the tripitaka. */
export async function existingSutras(
  db: Db,
  tripitakaUid: string,
  sutraUids: string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom("sutra")
    .select(["uid"])
    .where("tripitaka_uid", "=", tripitakaUid)
    .where("uid", "in", sutraUids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}
