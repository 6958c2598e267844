/**
 * One reel made ready for the index: its searchable text per text form, the folded text the
 * segments index, which forms fold to it char for char, and its `docs` row. Pure, so the worker's
 * sync and the pack builders (server and device) make the very same rows.
 */
import type { UnpackedReelText } from "../../contract/offline-library.ts";
import type { SearchFolding } from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import type { DocText, IndexedDoc } from "./databases.ts";
import type { FoldClasses } from "./fold-classes.ts";
import type { FormChars } from "./posting-builder.ts";
import { formNumber } from "./terms.ts";
import { charCount, FOLD_SOURCES, firstVolumeOf, foldText, lineCountOf, searchTextOf } from "./texts.ts";

export type PreparedReel = { doc: IndexedDoc; texts: DocText[]; folded: string };

/** `rows` are the reel's library rows, one per text form (at least one). */
export function prepareReel(
  reelUid: string,
  rows: readonly UnpackedReelText[],
  folding: SearchFolding,
  ids: { doc: number; segment: number },
): PreparedReel {
  const first = rows[0] as UnpackedReelText;
  const byForm = new Map(rows.map((row) => [row.txt_type, row]));
  const texts: DocText[] = rows.map((row) => ({
    reel_uid: reelUid,
    kind: row.txt_type,
    text: searchTextOf(row),
  }));
  const source = FOLD_SOURCES.find((form) => byForm.has(form)) as TxtType;
  const sourceText = texts.find((t) => t.kind === source)?.text ?? "";
  const folded = foldText(sourceText, folding);
  const aligned = texts
    .filter((t) => t.kind === source || foldText(t.text, folding) === folded)
    .map((t) => t.kind as TxtType);
  texts.push({ reel_uid: reelUid, kind: "folded", text: folded });
  const named = (sim: boolean) => rows.find((r) => (r.txt_type === "sim_txt") === sim)?.reel.name;
  const doc: IndexedDoc = {
    reel_uid: reelUid,
    id: ids.doc,
    sutra_uid: first.sutra_uid,
    tripitaka_uid: first.tripitaka_uid,
    reel_no: first.reel.reel_no,
    name_sim: named(true) ?? first.reel.name,
    name_trad: named(false) ?? first.reel.name,
    line_count: lineCountOf(first),
    volume: firstVolumeOf(first),
    forms: Object.fromEntries(rows.map((row) => [row.txt_type, row.stored_at])),
    aligned,
    chars: charCount(folded),
    segment: ids.segment,
  };
  return { doc, texts, folded };
}

/**
 * What the index counts of a reel's forms (terms.ts): every char of a form that does not fold to
 * the folded text char for char, and of one that does, the chars whose class has other members.
 */
export function formCharsOf(doc: IndexedDoc, texts: readonly DocText[], classes: FoldClasses): FormChars[] {
  const aligned = new Set(doc.aligned ?? []);
  const out: FormChars[] = [];
  for (const { kind, text } of texts) {
    if (kind === "folded") continue;
    out.push({ form: formNumber(kind), text, only: aligned.has(kind) ? classes.learn(text) : null });
  }
  return out;
}
