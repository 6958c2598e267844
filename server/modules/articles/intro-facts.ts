/**
 * What the database holds of each tripitaka, for its introduction: names, the CBETA collection its
 * texts come from, how many sutras, reels and characters were imported, the dynasties and
 * categories among them, and the CBETA editions named in the texts' title statements.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

type Db = Kysely<Database>;

/** A name in both scripts, with how many of the tripitaka's sutras carry it. */
export type NamedCount = { sim: string; trad: string; sutras: number };

export type TripitakaFacts = {
  uid: string;
  nameSim: string;
  nameTrad: string;
  /** The CBETA collection read as this tripitaka (J for JS), if any. */
  cbetaCollection: string | null;
  sutras: number;
  reels: number;
  chars: number;
  /** Most sutras first. */
  dynasties: NamedCount[];
  categories: NamedCount[];
  /** The CBETA digital editions the texts' title statements name (`嘉興大藏經（新文豐版）數位版`). */
  sourceEditions: string[];
};

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const mostFirst = (a: NamedCount, b: NamedCount): number => b.sutras - a.sutras || byCodePoint(a.sim, b.sim);

/** `嘉興大藏經（新文豐版）數位版, No. B470 天一悅禪師語錄` names the edition before `, No.`. */
export const editionOfSourceTitle = (title: string): string => title.split(/,\s*No\.\s/)[0]?.trim() ?? "";

/** A category name may hold several, comma-joined (`宝积部类,净土宗部类`); each counts on its own. */
function splitCounts(rows: readonly NamedCount[]): NamedCount[] {
  const merged = new Map<string, NamedCount>();
  for (const row of rows) {
    const sims = row.sim.split(",");
    const trads = row.trad.split(",");
    sims.forEach((sim, i) => {
      const name = sim.trim();
      if (name === "") return;
      const known = merged.get(name);
      if (known) known.sutras += row.sutras;
      else merged.set(name, { sim: name, trad: (trads[i] ?? name).trim(), sutras: row.sutras });
    });
  }
  return [...merged.values()].sort(mostFirst);
}

export async function tripitakaFacts(db: Db): Promise<TripitakaFacts[]> {
  const tripitakas = await db
    .selectFrom("tripitaka")
    .select(["uid", "name_sim", "name_trad", "cbeta_collection"])
    .orderBy("sn")
    .orderBy("uid")
    .execute();
  const sutraCounts = await db
    .selectFrom("sutra")
    .select((eb) => ["tripitaka_uid", eb.fn.countAll<number>().as("sutras")])
    .groupBy("tripitaka_uid")
    .execute();
  const reelCounts = await db
    .selectFrom("reel")
    .innerJoin("sutra", "sutra.uid", "reel.sutra_uid")
    .select((eb) => [
      "sutra.tripitaka_uid",
      eb.fn.countAll<number>().as("reels"),
      eb.fn.sum<number>("reel.char_cnt").as("chars"),
    ])
    .groupBy("sutra.tripitaka_uid")
    .execute();
  const dynasties = await db
    .selectFrom("sutra")
    .innerJoin("dynasty", "dynasty.id", "sutra.dynasty_id")
    .select((eb) => [
      "sutra.tripitaka_uid",
      "dynasty.name_sim",
      "dynasty.name_trad",
      eb.fn.countAll<number>().as("sutras"),
    ])
    .groupBy(["sutra.tripitaka_uid", "dynasty.name_sim", "dynasty.name_trad"])
    .execute();
  const categories = await db
    .selectFrom("sutra")
    .innerJoin("category", "category.id", "sutra.category_id")
    .select((eb) => [
      "sutra.tripitaka_uid",
      "category.name_sim",
      "category.name_trad",
      eb.fn.countAll<number>().as("sutras"),
    ])
    .groupBy(["sutra.tripitaka_uid", "category.name_sim", "category.name_trad"])
    .execute();
  const sources = await db.selectFrom("sutra").select(["tripitaka_uid", "source_title"]).distinct().execute();

  const named = (rows: typeof dynasties, uid: string): NamedCount[] =>
    rows
      .filter((row) => row.tripitaka_uid === uid)
      .map((row) => ({ sim: row.name_sim, trad: row.name_trad, sutras: Number(row.sutras) }));

  return tripitakas.map((tripitaka) => {
    const uid = tripitaka.uid;
    const reels = reelCounts.find((row) => row.tripitaka_uid === uid);
    const editions = new Set(
      sources
        .filter((row) => row.tripitaka_uid === uid)
        .map((row) => editionOfSourceTitle(row.source_title))
        .filter((edition) => edition !== ""),
    );
    return {
      uid,
      nameSim: tripitaka.name_sim,
      nameTrad: tripitaka.name_trad,
      cbetaCollection: tripitaka.cbeta_collection,
      sutras: Number(sutraCounts.find((row) => row.tripitaka_uid === uid)?.sutras ?? 0),
      reels: Number(reels?.reels ?? 0),
      chars: Number(reels?.chars ?? 0),
      dynasties: splitCounts(named(dynasties, uid)),
      categories: splitCounts(named(categories, uid)),
      sourceEditions: [...editions].sort(byCodePoint),
    };
  });
}
