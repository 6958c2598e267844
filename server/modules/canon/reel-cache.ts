/**
 * Serialized reel responses, kept while their sutra is unchanged. A reel is the largest and most
 * read response; building and validating it costs milliseconds, while checking that its sutra has
 * not been imported again since costs one indexed lookup. The stamp is read from the database on
 * every use, so a re-import through any server process is seen by all.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { reelResult } from "../../../contract/canon.ts";
import { envelope, ok } from "../../../contract/envelope.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { Database } from "../../db/schema.ts";
import type { ObjectStorage } from "../../storage/storage.ts";
import { readReel } from "./reading-repository.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The app's one cache of reel answers: the reel route and the web app's pages read it. */
    reels: ReelCache;
  }
}

const MAX_ENTRIES = 200;
const reelEnvelope = envelope(reelResult);

type Entry = { updatedAt: number; json: string };

export function createReelCache(db: () => Kysely<Database>, storage: ObjectStorage) {
  const entries = new Map<string, Entry>();

  const sutraStamp = async (reelUid: string): Promise<number | null> => {
    const row = await db()
      .selectFrom("reel")
      .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
      .select("sutra.updated_at")
      .where("reel.uid", "=", reelUid)
      .executeTakeFirst();
    return row ? Number(row.updated_at) : null;
  };

  return {
    /** The reel's response body as JSON, or null when the reel does not exist. */
    async json(reelUid: string, txtType: TxtType): Promise<string | null> {
      const updatedAt = await sutraStamp(reelUid);
      if (updatedAt === null) return null;
      const key = `${reelUid}:${txtType}`;
      const cached = entries.get(key);
      if (cached && cached.updatedAt === updatedAt) {
        entries.delete(key);
        entries.set(key, cached);
        return cached.json;
      }
      const reel = await readReel(db(), storage, reelUid, txtType);
      if (!reel) return null;
      const json = JSON.stringify(reelEnvelope.parse(ok(reel)));
      entries.set(key, { updatedAt, json });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return json;
    },
  };
}

export type ReelCache = ReturnType<typeof createReelCache>;

/** Decorates the app with its reel cache (before the routes that read it are registered). */
export function registerReelCache(app: FastifyInstance): void {
  app.decorate(
    "reels",
    createReelCache(() => app.deps.canon.db, app.deps.storage),
  );
}
