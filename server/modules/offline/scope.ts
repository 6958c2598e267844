/**
 * What a download scope covers in a tripitaka: its sutras in catalogue order, and whether it takes
 * every page of the tripitaka (a whole-tripitaka download, which also covers scanned pages outside
 * any reel, and is all a scanned-only tripitaka has) or only the pages of its reels.
 */
import type { Kysely } from "kysely";
import type { DownloadScope } from "../../../contract/offline-library.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError, notFound } from "../../errors.ts";
import { hasPages } from "../canon/reading-repository.ts";
import { listGroups } from "../groups/group-repository.ts";

type Db = Kysely<Database>;

export type ScopeContent = {
  /** simplified|traditional */
  label: string;
  sutraUids: string[];
  allPages: boolean;
};

const sutrasOf = async (db: Db, tripitakaUid: string, categoryId?: number): Promise<string[]> => {
  let query = db.selectFrom("sutra").select("uid").where("tripitaka_uid", "=", tripitakaUid);
  if (categoryId !== undefined) query = query.where("category_id", "=", categoryId);
  return (await query.orderBy("sn").execute()).map((row) => row.uid);
};

/** Resolves a scope; 404 for an unknown tripitaka, sutra, group or category, 422 when it has nothing. */
export async function resolveScope(
  db: Db,
  tripitakaUid: string,
  scope: DownloadScope,
  userId: number | null,
): Promise<ScopeContent> {
  const tripitaka = await db
    .selectFrom("tripitaka")
    .select(["uid", "name_sim", "name_trad"])
    .where("uid", "=", tripitakaUid)
    .executeTakeFirst();
  if (!tripitaka) throw notFound("tripitaka", tripitakaUid);

  switch (scope.kind) {
    case "sutra": {
      const sutra = await db
        .selectFrom("sutra")
        .select(["uid", "tripitaka_uid", "name_sim", "name_trad"])
        .where("uid", "=", scope.sutra_uid)
        .executeTakeFirst();
      if (!sutra) throw notFound("sutra", scope.sutra_uid);
      if (sutra.tripitaka_uid !== tripitakaUid) {
        throw new ApiError(422, `sutra ${sutra.uid} is not in tripitaka ${tripitakaUid}`);
      }
      return { label: `${sutra.name_sim}|${sutra.name_trad}`, sutraUids: [sutra.uid], allPages: false };
    }
    case "group": {
      if (userId === null) throw new ApiError(401, "sutra groups belong to a signed-in reader");
      const groups = await listGroups(db, { userId, tripitakaUid });
      const group = groups.find((g) => g.name === scope.group_name);
      if (!group) throw notFound("sutra group", scope.group_name);
      const inGroup = new Set(group.sutra_uids);
      const sutraUids = (await sutrasOf(db, tripitakaUid)).filter((uid) => inGroup.has(uid));
      if (sutraUids.length === 0) throw new ApiError(422, `sutra group ${group.name} has no sutras`);
      return { label: `${group.name}|${group.name}`, sutraUids, allPages: false };
    }
    case "category": {
      const id = Number(scope.category);
      const category = await db
        .selectFrom("category")
        .select(["id", "name_sim", "name_trad"])
        .where("id", "=", id)
        .executeTakeFirst();
      const sutraUids = category ? await sutrasOf(db, tripitakaUid, id) : [];
      if (!category || sutraUids.length === 0) throw notFound("category", scope.category);
      return { label: `${category.name_sim}|${category.name_trad}`, sutraUids, allPages: false };
    }
    case "tripitaka": {
      const sutraUids = await sutrasOf(db, tripitakaUid);
      if (sutraUids.length === 0 && !(await hasPages(db, tripitakaUid))) {
        throw new ApiError(422, `tripitaka ${tripitakaUid} has no texts or pages yet`);
      }
      return { label: `${tripitaka.name_sim}|${tripitaka.name_trad}`, sutraUids, allPages: true };
    }
  }
}
