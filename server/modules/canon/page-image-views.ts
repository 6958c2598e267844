/**
 * The counts of the page-image view limit: the distinct pages each viewer saw with their image on
 * a UTC day. A page seen already that day is seen again without counting. Each viewer's count is
 * one `page_image_quota` row, raised by an upsert that stops at the limit, so requests side by side
 * (and processes side by side on PostgreSQL) cannot pass the limit between them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

/** Days of counts kept before today's, for a process whose clock is a little behind the others'. */
export const PAGE_VIEW_KEEP_DAYS = 2;

/** The UTC day (days since the epoch) of a time in ms since the epoch. */
export const utcDay = (now: number): number => Math.floor(now / DAY_MS);

export type PageView = {
  /** "user:<id>", or for a guest "visitor:<uuid>" and "address:<address>". */
  viewers: readonly string[];
  day: number;
  pageUid: string;
  /** Distinct pages a viewer may see with their image that day. */
  limit: number;
};

class OverLimit extends Error {}

/**
 * Counts the page for every viewer who has not seen it that day. Answers false, counting it for
 * none of them, when one of them has seen `limit` pages already.
 */
export async function countPageView(db: Db, view: PageView): Promise<boolean> {
  const { day, pageUid, limit } = view;
  try {
    await db.transaction().execute(async (trx) => {
      for (const viewer of view.viewers) {
        const fresh = await trx
          .insertInto("page_image_view")
          .values({ viewer, day, page_uid: pageUid })
          .onConflict((oc) => oc.doNothing())
          .returning("page_uid")
          .executeTakeFirst();
        if (!fresh) continue;
        if (limit <= 0) throw new OverLimit();
        const counted = await trx
          .insertInto("page_image_quota")
          .values({ viewer, day, views: 1 })
          .onConflict((oc) =>
            oc
              .columns(["viewer", "day"])
              .doUpdateSet((eb) => ({ views: eb("page_image_quota.views", "+", 1) }))
              .where("page_image_quota.views", "<", limit),
          )
          .returning("views")
          .executeTakeFirst();
        if (!counted) throw new OverLimit();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof OverLimit) return false;
    throw error;
  }
}

/** Deletes the counts of days more than PAGE_VIEW_KEEP_DAYS before `today`. */
export async function deleteOldPageViews(db: Db, today: number): Promise<void> {
  const before = today - PAGE_VIEW_KEEP_DAYS;
  await db.deleteFrom("page_image_view").where("day", "<", before).execute();
  await db.deleteFrom("page_image_quota").where("day", "<", before).execute();
}
