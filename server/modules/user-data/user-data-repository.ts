/** Reads and writes of a reader's configuration (JSON per field) and reading history. */
import type { Kysely } from "kysely";
import { topConfigSchema } from "../../../contract/personal.ts";
import { countedPage, type PageRequest } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;

export async function readConf(db: Db, userId: number, field: string): Promise<unknown> {
  const row = await db
    .selectFrom("user_conf")
    .select(["value"])
    .where("user_id", "=", userId)
    .where("field", "=", field)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : null;
}

/** The sutras a reader pinned in one tripitaka, newest pin first. */
export async function pinnedSutraUids(db: Db, userId: number, tripitakaUid: string): Promise<string[]> {
  const parsed = topConfigSchema.safeParse(await readConf(db, userId, "top_config"));
  return parsed.success ? (parsed.data.top_uids.sutra[tripitakaUid] ?? []) : [];
}

export async function writeConf(
  db: Db,
  userId: number,
  field: string,
  value: unknown,
  now: number,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto("user_conf")
    .values({ user_id: userId, field, value: json, updated_at: now })
    .onConflict((oc) => oc.columns(["user_id", "field"]).doUpdateSet({ value: json, updated_at: now }))
    .execute();
}

export type OpRecord = {
  userId: number;
  tripitakaUid: string;
  opType: string;
  targetUid: string;
  context: unknown;
  now: number;
};

/** One row per reader and reel or page: reading it again moves it to the top. */
export async function upsertOp(db: Db, op: OpRecord): Promise<void> {
  const context = JSON.stringify(op.context);
  await db
    .insertInto("user_op")
    .values({
      user_id: op.userId,
      tripitaka_uid: op.tripitakaUid,
      op_type: op.opType,
      target_uid: op.targetUid,
      context,
      created_at: op.now,
    })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "op_type", "target_uid"])
        .doUpdateSet({ context, created_at: op.now, tripitaka_uid: op.tripitakaUid }),
    )
    .execute();
}

export async function listOps(
  db: Db,
  filter: { userId: number; tripitakaUid: string; opType?: string | undefined },
  page: PageRequest,
) {
  let query = db
    .selectFrom("user_op")
    .where("user_id", "=", filter.userId)
    .where("tripitaka_uid", "=", filter.tripitakaUid);
  if (filter.opType) query = query.where("op_type", "=", filter.opType);
  return countedPage(query, page, (filtered) =>
    filtered
      .select(["id", "op_type", "context", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc"),
  );
}

export async function deleteOp(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("user_op")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function reelTripitaka(db: Db, reelUid: string): Promise<string | null> {
  const row = await db
    .selectFrom("reel")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select(["sutra.tripitaka_uid"])
    .where("reel.uid", "=", reelUid)
    .executeTakeFirst();
  return row?.tripitaka_uid ?? null;
}

export async function pageTripitaka(db: Db, pageUid: string): Promise<string | null> {
  const row = await db
    .selectFrom("page")
    .select(["tripitaka_uid"])
    .where("uid", "=", pageUid)
    .executeTakeFirst();
  return row?.tripitaka_uid ?? null;
}
