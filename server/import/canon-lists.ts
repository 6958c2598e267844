/**
 * What the importer derives from the imported rows as a whole: the tripitaka's book catalogue and
 * its commonly used sutras.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * The scriptures readers open most, by title; a tripitaka's commonly used list is those it holds,
 * in this order, filled up from its catalogue order when it holds fewer than three.
 */
const COMMON_TITLES = [
  "般若波羅蜜多心經",
  "金剛般若波羅蜜經",
  "能斷金剛般若波羅蜜多經",
  "佛說阿彌陀經",
  "妙法蓮華經",
  "六祖大師法寶壇經",
  "大方廣佛華嚴經",
  "地藏菩薩本願經",
  "佛說無量壽經",
  "維摩詰所說經",
  "大佛頂如來密因修證了義諸菩薩萬行首楞嚴經",
  "藥師琉璃光如來本願功德經",
];
const COMMON_MIN = 3;

export const commonSutraKey = (tripitakaUid: string): string => `common_sutra_uids:${tripitakaUid}`;

async function putSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto("setting")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export async function refreshCommonSutras(db: Kysely<Database>, tripitakaUid: string): Promise<void> {
  const sutras = await db
    .selectFrom("sutra")
    .select(["uid", "name_trad"])
    .where("tripitaka_uid", "=", tripitakaUid)
    .orderBy("sn")
    .execute();
  const byTitle = new Map(sutras.map((s) => [s.name_trad, s.uid]));
  const uids = COMMON_TITLES.flatMap((title) => byTitle.get(title) ?? []);
  for (const sutra of sutras) {
    if (uids.length >= COMMON_MIN) break;
    if (!uids.includes(sutra.uid)) uids.push(sutra.uid);
  }
  await putSetting(db, commonSutraKey(tripitakaUid), JSON.stringify(uids));
}

const PAGE_KEY_RE = /_(\d+)([a-z]?)$/;

/** Rebuilds the book catalogue of a tripitaka from its pages: first, last and missing pages. */
export async function rebuildBooks(db: Kysely<Database>, tripitakaUid: string): Promise<number> {
  const pages = await db
    .selectFrom("page")
    .select(["uid", "book_uid", "sn"])
    .where("tripitaka_uid", "=", tripitakaUid)
    .orderBy("book_uid")
    .orderBy("sn")
    .execute();
  const books = new Map<string, { uid: string; sn: number }[]>();
  for (const page of pages) {
    const list = books.get(page.book_uid) ?? [];
    list.push(page);
    books.set(page.book_uid, list);
  }
  const rows = [...books.entries()].map(([bookUid, list]) => {
    const first = list[0] as { uid: string };
    const last = list[list.length - 1] as { uid: string };
    return {
      uid: bookUid,
      tripitaka_uid: tripitakaUid,
      volume: Number.parseInt(bookUid.split("_")[1] ?? "0", 10),
      first_page_uid: first.uid,
      last_page_uid: last.uid,
      page_count: list.length,
      excluded: JSON.stringify(
        missingPages(
          bookUid,
          list.map((p) => p.uid),
        ),
      ),
    };
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("book").where("tripitaka_uid", "=", tripitakaUid).execute();
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto("book")
        .values(rows.slice(i, i + 500))
        .execute();
  });
  return rows.length;
}

/**
 * Pages between a book's first and last that the library lacks, for books whose pages are
 * numbered `<book>_<n><side>`; a book with deeper page numbers (by sutra and reel) has none.
 */
function missingPages(bookUid: string, uids: string[]): string[] {
  const present = new Set(uids);
  const parsed = uids.map((uid) => PAGE_KEY_RE.exec(uid.slice(bookUid.length)));
  if (
    parsed.some((m) => m === null) ||
    uids.some((uid) => uid.slice(bookUid.length).split("_").length !== 2)
  ) {
    return [];
  }
  const keys = parsed as RegExpExecArray[];
  const sides = [...new Set(keys.map((m) => m[2] as string))].sort();
  const order = (n: number, side: string) => n * 32 + sides.indexOf(side);
  const orders = keys.map((m) => order(Number.parseInt(m[1] as string, 10), m[2] as string));
  const [low, high] = [Math.min(...orders), Math.max(...orders)];
  const missing: string[] = [];
  for (let n = Math.floor(low / 32); n <= Math.floor(high / 32); n++) {
    for (const side of sides) {
      const uid = `${bookUid}_${n}${side}`;
      const at = order(n, side);
      if (at >= low && at <= high && !present.has(uid)) missing.push(uid);
    }
  }
  return missing;
}
