/** The `idempotency_record` table: reserving a key, storing or releasing its answer, purging old keys. */
import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, IdempotencyRecordTable } from "../db/schema.ts";

type Db = Kysely<Database>;
export type IdempotencyRecord = Selectable<IdempotencyRecordTable>;
export type KeyRef = { scope: string; key: string };
export type NewReservation = KeyRef & { method: string; path: string; fingerprint: string; now: number };

/** Object keys sorted at every depth, so the same JSON in another key order hashes the same. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString("base64");
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** sha256 of the method, the path, and the canonical JSON of the query and the body. */
export function requestFingerprint(method: string, path: string, query: unknown, body: unknown): string {
  const text = JSON.stringify([method, path, canonical(query ?? {}), canonical(body ?? null)]);
  return createHash("sha256").update(text).digest("hex");
}

/** Inserts a pending record; false when the key is already held in this scope. */
export async function reserveKey(db: Db, r: NewReservation): Promise<boolean> {
  const result = await db
    .insertInto("idempotency_record")
    .values({
      scope: r.scope,
      key: r.key,
      method: r.method,
      path: r.path,
      fingerprint: r.fingerprint,
      state: "pending",
      status_code: null,
      response_body: null,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findRecord(db: Db, ref: KeyRef): Promise<IdempotencyRecord | null> {
  const row = await db
    .selectFrom("idempotency_record")
    .selectAll()
    .where("scope", "=", ref.scope)
    .where("key", "=", ref.key)
    .executeTakeFirst();
  return row ?? null;
}

/** Takes over a pending record left by a request that never finished; false if another did first. */
export async function takeOverPending(db: Db, held: IdempotencyRecord, now: number): Promise<boolean> {
  const result = await db
    .updateTable("idempotency_record")
    .set({ created_at: now })
    .where("scope", "=", held.scope)
    .where("key", "=", held.key)
    .where("state", "=", "pending")
    .where("created_at", "=", held.created_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function storeAnswer(db: Db, ref: KeyRef, statusCode: number, body: string): Promise<void> {
  await db
    .updateTable("idempotency_record")
    .set({ state: "done", status_code: statusCode, response_body: body })
    .where("scope", "=", ref.scope)
    .where("key", "=", ref.key)
    .where("state", "=", "pending")
    .execute();
}

/** Frees a key whose request got no final answer, so that sending it again runs it again. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom("idempotency_record")
    .where("scope", "=", ref.scope)
    .where("key", "=", ref.key)
    .where("state", "=", "pending")
    .execute();
}

export async function purgeBefore(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom("idempotency_record").where("created_at", "<", cutoff).execute();
}
