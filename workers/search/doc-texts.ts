/**
 * The texts an indexed reel is searched and rebuilt from, read from the offline library rather
 * than kept a second time beside the index: each indexed form's searchable text is made from its
 * library row (texts.ts), and the folded text from the form it was folded from (FOLD_SOURCES).
 * The library row is the one the sync indexed while its `stored_at` is the doc's; a row stored
 * again since is indexed again by the next sync, which compares the two.
 */
import { reelOfRow } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { DocText, IndexedDoc, Library } from "./databases.ts";
import type { Readings } from "./query.ts";
import { FOLD_SOURCES, foldText, searchTextOf } from "./texts.ts";

/** The searchable texts of these reels in `form` (one they are indexed in), by doc id; a reel whose row is gone has none. */
export async function readFormTexts(
  library: Library,
  form: TxtType,
  docs: readonly IndexedDoc[],
): Promise<Map<number, string>> {
  const wanted = docs.filter((doc) => form in doc.forms);
  const rows = await library.reelTexts.bulkGet(wanted.map((doc): [string, TxtType] => [doc.reel_uid, form]));
  const out = new Map<number, string>();
  const reels = await Promise.all(rows.map((row) => row && reelOfRow(row)));
  for (const [at, reel] of reels.entries())
    if (reel) out.set((wanted[at] as IndexedDoc).id, searchTextOf({ reel }));
  return out;
}

/** Every text of these reels (each indexed form's, then the folded one), by reel uid. */
export async function readDocTexts(
  library: Library,
  readings: Readings,
  docs: readonly IndexedDoc[],
): Promise<Map<string, DocText[]>> {
  const keys = docs.flatMap((doc) =>
    (Object.keys(doc.forms) as TxtType[]).map((form): [string, TxtType] => [doc.reel_uid, form]),
  );
  const rows = await library.reelTexts.bulkGet(keys);
  const byReel = new Map<string, DocText[]>();
  const reels = await Promise.all(rows.map((row) => row && reelOfRow(row)));
  for (const [at, reel] of reels.entries()) {
    if (!reel) continue;
    const [reelUid, form] = keys[at] as [string, TxtType];
    byReel.set(reelUid, [
      ...(byReel.get(reelUid) ?? []),
      { reel_uid: reelUid, kind: form, text: searchTextOf({ reel }) },
    ]);
  }
  for (const doc of docs) {
    const texts = byReel.get(doc.reel_uid);
    const source = FOLD_SOURCES.find((form) => form in doc.forms);
    const sourceText = texts?.find((text) => text.kind === source)?.text;
    if (texts && sourceText !== undefined)
      texts.push({ reel_uid: doc.reel_uid, kind: "folded", text: foldText(sourceText, readings.folding) });
  }
  return byReel;
}
