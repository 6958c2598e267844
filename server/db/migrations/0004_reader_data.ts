import type { Kysely } from "kysely";

/** A reader's own data: sutra groups and their sutras, configuration, and reading history. */
export async function up(db: Kysely<unknown>, dialect: "sqlite" | "postgres"): Promise<void> {
  const serial = dialect === "postgres" ? "serial" : "integer";
  await db.schema
    .createTable("sutra_group")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("sutra_group_name_unique", ["user_id", "tripitaka_uid", "name"])
    .execute();

  await db.schema
    .createTable("sutra_group_item")
    .addColumn("group_id", "integer", (c) => c.notNull().references("sutra_group.id").onDelete("cascade"))
    .addColumn("sutra_uid", "text", (c) => c.notNull())
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sutra_group_item_pk", ["group_id", "sutra_uid"])
    .execute();

  await db.schema
    .createTable("user_conf")
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_conf_pk", ["user_id", "field"])
    .execute();

  await db.schema
    .createTable("user_op")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("tripitaka_uid", "text", (c) => c.notNull())
    .addColumn("op_type", "text", (c) => c.notNull())
    /** The reel or page read: one row per reader and target, its time the latest read. */
    .addColumn("target_uid", "text", (c) => c.notNull())
    .addColumn("context", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("user_op_target_unique", ["user_id", "op_type", "target_uid"])
    .execute();
  await db.schema
    .createIndex("user_op_recent")
    .on("user_op")
    .columns(["user_id", "tripitaka_uid", "created_at"])
    .execute();
}
