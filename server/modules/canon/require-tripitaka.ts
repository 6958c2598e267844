import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { tripitakaExists } from "./catalog-repository.ts";

/** Answers 404 for a tripitaka that is not in the library. */
export async function requireTripitaka(db: Kysely<Database>, uid: string): Promise<void> {
  if (!(await tripitakaExists(db, uid))) throw notFound("tripitaka", uid);
}
