import type { Kysely } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * Character types (spec sections 2 and 3): a row per tripitaka and distinct rare or variant
 * character of its imported text, rebuilt by the importer (server/import/char-types).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("char_type")
    .addColumn("tripitaka_uid", "text", (c) => c.notNull().references("tripitaka.uid"))
    .addColumn("ori_txt", "text", (c) => c.notNull())
    .addColumn("uni_txt", "text", (c) => c.notNull())
    .addColumn("std_txt", "text", (c) => c.notNull())
    .addColumn("sim_txt", "text", (c) => c.notNull())
    .addColumn("code_point", "integer", (c) => c.notNull())
    .addColumn("is_manual", "integer", (c) => c.notNull())
    .addColumn("is_deform", "integer", (c) => c.notNull())
    .addColumn("frequency", "integer", (c) => c.notNull())
    .addColumn("gaiji_code", "text")
    .addColumn("composition", "text")
    .addPrimaryKeyConstraint("char_type_pk", ["tripitaka_uid", "ori_txt"])
    .execute();
  for (const column of ["uni_txt", "std_txt", "sim_txt", "code_point", "frequency"]) {
    await db.schema
      .createIndex(`char_type_${column}`)
      .on("char_type")
      .columns(["tripitaka_uid", column])
      .execute();
  }
}
