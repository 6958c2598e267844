import { type Kysely, sql } from "kysely";
import type { Dialect } from "../connect.ts";

/**
 * The people of the canon (spec section 6, knowledge graph), filled by the importer
 * (server/import/persons): see server/db/tables/person.ts for what each table holds. Names sort
 * by code point on both databases (PostgreSQL's "C" collation), so a list's order is the same.
 * The relation indexes serve the walk of the teacher–student graph from either end.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const name = dialect === "postgres" ? sql`text collate "C"` : "text";

  await db.schema
    .createTable("person")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("authority_id", "text")
    .addColumn("sna_id", "integer")
    .addColumn("name_trad", name, (c) => c.notNull())
    .addColumn("name_sim", name, (c) => c.notNull())
    .addColumn("dynasty", "text")
    .addColumn("dynasty_sim", "text")
    .addColumn("birth_year", "integer")
    .addColumn("death_year", "integer")
    .addColumn("gender_code", "integer")
    .addColumn("biography_id", "text")
    .addColumn("teacher_count", "integer", (c) => c.notNull())
    .addColumn("student_count", "integer", (c) => c.notNull())
    .addColumn("mention_count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("person_authority").on("person").column("authority_id").execute();
  await db.schema.createIndex("person_sna").on("person").column("sna_id").execute();
  await db.schema.createIndex("person_name_order").on("person").columns(["name_trad", "id"]).execute();

  await db.schema
    .createTable("person_name")
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("name_trad", name, (c) => c.notNull())
    .addColumn("name_sim", name, (c) => c.notNull())
    .addColumn("uses", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("person_name_pk", ["person_id", "sn"])
    .execute();

  await db.schema
    .createTable("biography")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("collection", "text", (c) => c.notNull())
    .addColumn("collection_title", "text", (c) => c.notNull())
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("subject_id", "text")
    .addColumn("title_trad", "text", (c) => c.notNull())
    .addColumn("title_sim", "text", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("biography_subject").on("biography").column("subject_id").execute();

  await db.schema
    .createTable("biography_paragraph")
    .addColumn("biography_id", "text", (c) => c.notNull())
    .addColumn("sn", "integer", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addColumn("last_page_uid", "text", (c) => c.notNull())
    .addColumn("last_line_no", "integer", (c) => c.notNull())
    .addColumn("pieces", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("biography_paragraph_pk", ["biography_id", "sn"])
    .execute();

  await db.schema
    .createTable("place")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name_trad", name, (c) => c.notNull())
    .addColumn("name_sim", name, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("biography_date")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("label_trad", "text", (c) => c.notNull())
    .addColumn("label_sim", "text", (c) => c.notNull())
    .addColumn("from_iso", "text")
    .addColumn("to_iso", "text")
    .execute();

  await db.schema
    .createTable("person_place")
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("place_id", "text", (c) => c.notNull())
    .addColumn("biography_id", "text", (c) => c.notNull())
    .addColumn("uses", "integer", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("person_place_pk", ["person_id", "place_id", "biography_id"])
    .execute();

  await db.schema
    .createTable("person_date")
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("date_key", "text", (c) => c.notNull())
    .addColumn("biography_id", "text", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("person_date_pk", ["person_id", "date_key", "biography_id"])
    .execute();

  await db.schema
    .createTable("person_mention")
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("biography_id", "text", (c) => c.notNull())
    .addColumn("uses", "integer", (c) => c.notNull())
    .addColumn("page_uid", "text", (c) => c.notNull())
    .addColumn("line_no", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("person_mention_pk", ["person_id", "biography_id"])
    .execute();

  await db.schema
    .createTable("person_relation")
    .addColumn("edge_id", "integer", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("ref_page_uid", "text")
    .addColumn("ref_line_no", "integer")
    .addColumn("time_from", "text")
    .addColumn("time_to", "text")
    .execute();
  await db.schema
    .createIndex("person_relation_source")
    .on("person_relation")
    .columns(["source_id", "kind", "target_id"])
    .execute();
  await db.schema
    .createIndex("person_relation_target")
    .on("person_relation")
    .columns(["target_id", "kind", "source_id"])
    .execute();
}
