import type { Kysely } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * Character images (spec section 2, "Character image screen"): a `char_image` row beside each
 * boxed `char` row, holding what the screen filters on besides the text (tripitaka, sutra), the
 * stored image and the variant flag. The text forms of `char` get indexes for the exact-char
 * filters and the grouping by text.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("char_image")
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addColumn("char_no", "integer", (c) => c.notNull())
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("sutra_uid", "text")
    .addColumn("img_key", "text")
    .addColumn("is_deform", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("char_image_pk", ["page_uid", "line_no", "char_no"])
    .execute();
  await db.schema
    .createIndex("char_image_scope")
    .on("char_image")
    .columns(["tripitaka_uid", "sutra_uid"])
    .execute();
  for (const form of ["ori_txt", "uni_txt", "std_txt", "sim_txt"])
    await db.schema.createIndex(`char_${form}`).on("char").column(form).execute();
}
