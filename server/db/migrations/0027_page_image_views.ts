import type { Kysely } from "kysely";

/**
 * The page-image view limit's counts (server/modules/canon/page-image-views.ts): which pages a
 * viewer has seen with their image on a day, and how many. A viewer is a signed-in user by id, or
 * a guest twice over, by the visitor id and by the address. Days are UTC days since the epoch;
 * rows of days long past are deleted as new days are counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_image_view")
    /** "user:<id>", "visitor:<uuid>" or "address:<address>". */
    .addColumn("viewer", "text", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_image_view_pk", ["viewer", "day", "page_uid"])
    .execute();
  await db.schema.createIndex("page_image_view_day").on("page_image_view").column("day").execute();
  await db.schema
    .createTable("page_image_quota")
    .addColumn("viewer", "text", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    /** The viewer's distinct pages that day: page_image_view's rows, kept as one row to lock. */
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("page_image_quota_pk", ["viewer", "day"])
    .execute();
  await db.schema.createIndex("page_image_quota_day").on("page_image_quota").column("day").execute();
}
