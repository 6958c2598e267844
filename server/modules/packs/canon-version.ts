/**
 * The canon version of a tripitaka (contract/pack.ts `canonVersionOf` over its sutras' source
 * hashes), as the offline plan, the pack builder and the pack list name it. The importer writes a
 * sutra's source hash and its `updated_at` together, so the version is kept per database and
 * tripitaka until the count or the latest `updated_at` of its sutras changes.
 */
import type { Kysely } from "kysely";
import { canonVersionOf } from "../../../contract/pack.ts";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;
type Kept = { stamp: string; version: string };

const kept = new WeakMap<Db, Map<string, Kept>>();

export async function tripitakaCanonVersion(db: Db, tripitakaUid: string): Promise<string> {
  const stampRow = await db
    .selectFrom("sutra")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("updated_at").as("latest")])
    .where("tripitaka_uid", "=", tripitakaUid)
    .executeTakeFirst();
  const stamp = `${Number(stampRow?.count ?? 0)}:${Number(stampRow?.latest ?? 0)}`;
  let versions = kept.get(db);
  if (!versions) {
    versions = new Map();
    kept.set(db, versions);
  }
  const known = versions.get(tripitakaUid);
  if (known?.stamp === stamp) return known.version;
  const sutras = await db
    .selectFrom("sutra")
    .select(["uid", "source_hash"])
    .where("tripitaka_uid", "=", tripitakaUid)
    .execute();
  const version = await canonVersionOf(sutras);
  versions.set(tripitakaUid, { stamp, version });
  return version;
}
