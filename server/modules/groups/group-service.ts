/** Custom sutra groups (spec sections 3, 4, 5): names of at most 20 unique per tripitaka, order by `sn`. */
import type { Kysely } from "kysely";
import type { SutraGroup } from "../../../contract/personal.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.ts";
import {
  addGroupItems,
  deleteGroup,
  existingSutras,
  findGroupById,
  findGroupByName,
  type GroupOwner,
  type GroupRow,
  insertGroup,
  listGroups,
  removeGroupItem,
  renameGroup,
  setGroupSn,
} from "./group-repository.ts";

type Ctx = { db: Kysely<Database>; now: () => number };

async function groupNamed(ctx: Ctx, owner: GroupOwner, name: string): Promise<GroupRow> {
  const group = await findGroupByName(ctx.db, owner, name);
  if (!group) throw notFound("sutra group", name);
  return group;
}

async function groupWithId(ctx: Ctx, owner: GroupOwner, id: number): Promise<GroupRow> {
  const group = await findGroupById(ctx.db, owner, id);
  if (!group) throw notFound("sutra group", String(id));
  return group;
}

async function ensureNameFree(ctx: Ctx, owner: GroupOwner, name: string, except?: number): Promise<void> {
  const taken = await findGroupByName(ctx.db, owner, name);
  if (taken && taken.id !== except) throw badRequest(`a group named ${name} exists already`);
}

export async function createGroup(ctx: Ctx, owner: GroupOwner, name: string): Promise<SutraGroup> {
  await ensureNameFree(ctx, owner, name);
  const id = await insertGroup(ctx.db, owner, name, ctx.now());
  const created = (await listGroups(ctx.db, owner)).find((g) => g._id === id);
  if (!created) throw notFound("sutra group", String(id));
  return created;
}

export async function renameGroupById(ctx: Ctx, owner: GroupOwner, id: number, name: string): Promise<void> {
  const group = await groupWithId(ctx, owner, id);
  await ensureNameFree(ctx, owner, name, group.id);
  await renameGroup(ctx.db, group.id, name, ctx.now());
}

export async function deleteGroupById(ctx: Ctx, owner: GroupOwner, id: number): Promise<void> {
  const group = await groupWithId(ctx, owner, id);
  await ctx.db.transaction().execute((trx) => deleteGroup(trx, group.id));
}

export async function addSutras(
  ctx: Ctx,
  owner: GroupOwner,
  name: string,
  sutraUids: string[],
): Promise<void> {
  const group = await groupNamed(ctx, owner, name);
  const unique = [...new Set(sutraUids)];
  const known = await existingSutras(ctx.db, owner.tripitakaUid, unique);
  const unknown = unique.filter((uid) => !known.has(uid));
  if (unknown.length > 0)
    throw badRequest(`not sutras of ${owner.tripitakaUid}: ${unknown.slice(0, 5).join(", ")}`);
  await addGroupItems(ctx.db, group.id, unique, ctx.now());
}

export async function removeSutra(
  ctx: Ctx,
  owner: GroupOwner,
  name: string,
  sutraUid: string,
): Promise<void> {
  const group = await groupNamed(ctx, owner, name);
  await removeGroupItem(ctx.db, group.id, sutraUid);
}

/** Applies new `sn` values to the reader's own groups, all or nothing. */
export async function reorderGroups(
  ctx: Ctx,
  owner: GroupOwner,
  order: Record<string, number>,
): Promise<void> {
  const entries = Object.entries(order).map(([id, sn]) => [Number(id), sn] as const);
  const groups = await listGroups(ctx.db, owner);
  const own = new Set(groups.map((g) => g._id));
  const foreign = entries.filter(([id]) => !own.has(id));
  if (foreign.length > 0) throw notFound("sutra group", foreign.map(([id]) => id).join(", "));
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [id, sn] of entries) await setGroupSn(trx, id, sn, now);
  });
}

export { listGroups };
