import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { tripitakaExists } from "./catalog-repository.ts";

/** Answers 404 for a tripitaka that is not in the library. */
export async function requireTripitaka(db: Kysely<Database>, uid: string): Promise<void> {
  if (!(await tripitakaExists(db, uid))) throw notFound("tripitaka", uid);
}

/**
 * `requireTripitaka` for a route that is asked often: a tripitaka is added by an import and never
 * removed, so one found is not looked up again by this process; one not found is looked up each time.
 */
export function createTripitakaCheck(db: () => Kysely<Database>): (uid: string) => Promise<void> {
  const found = new Set<string>();
  return async (uid) => {
    if (found.has(uid)) return;
    await requireTripitaka(db(), uid);
    found.add(uid);
  };
}
