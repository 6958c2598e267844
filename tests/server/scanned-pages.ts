/** Pages of the imported starter canon to test page scans with. */
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema.ts";

/**
 * The first `count` scanned pages, in page order, of the first book that has so many, and a page
 * without a scan.
 */
export async function scannedPagesOfOneBook(
  db: Kysely<Database>,
  count: number,
): Promise<{ bookUid: string; scans: string[]; textOnly: string }> {
  const book = await db
    .selectFrom("page")
    .select("book_uid")
    .where("img_path", "is not", null)
    .where("thumb_path", "is not", null)
    .groupBy("book_uid")
    .having((eb) => eb.fn.countAll(), ">=", count)
    .orderBy("book_uid")
    .executeTakeFirstOrThrow();
  const pages = await db
    .selectFrom("page")
    .select("uid")
    .where("book_uid", "=", book.book_uid)
    .where("img_path", "is not", null)
    .orderBy("sn")
    .limit(count)
    .execute();
  const textOnly = await db
    .selectFrom("page")
    .select("uid")
    .where("img_path", "is", null)
    .executeTakeFirstOrThrow();
  return { bookUid: book.book_uid, scans: pages.map((p) => p.uid), textOnly: textOnly.uid };
}
