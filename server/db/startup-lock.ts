/**
 * The start-up work (migrations, the first administrator, the sample canon's first import, the
 * help articles) done by one process at a time: several server processes started together on one
 * PostgreSQL database take turns through a session advisory lock, so the second finds the work
 * done. SQLite needs none: its processes share one machine and its migrations hold a write lock.
 */
import { sql } from "kysely";
import type { CanonDb } from "./connect.ts";

/** The advisory lock's key: any constant the database's other users do not take. */
export const STARTUP_LOCK_KEY = 7_342_515_001;

export async function withStartupLock<T>(canon: CanonDb, work: () => Promise<T>): Promise<T> {
  if (canon.dialect !== "postgres") return work();
  // The lock belongs to one session, so it is taken and given back on one held connection while
  // the work runs on the pool's others.
  return canon.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
