/**
 * The collation view the reel screen draws from (../collationView.ts), without its settings: the
 * reel as read, its lines with marks and readings, and the notes of a quotation, made again only
 * when the apparatus, the witness or a setting it depends on changes.
 */
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import type { Apparatus } from "../../../../contract/apparatus.ts";
import type { Reel } from "../../../../contract/canon.ts";
import type { CollationView } from "../collationView.ts";
import type { ReadingSettings } from "../readingSettings.ts";
import { reelAsRead } from "./asRead.ts";
import { quoteNotes } from "./footnotes.ts";
import { type LineLabels, lineContent, markNumber, useLineStyles } from "./lineView.tsx";
import { collationText as t } from "./messages.ts";
import type { PlacedLine } from "./placement.ts";
import { witnessName } from "./witnessNames.ts";

type Args = {
  reel: Reel;
  apparatus: Apparatus | null;
  placed: Map<string, PlacedLine> | null;
  witness: string | null;
  settings: ReadingSettings;
};

export function useCollationView({ reel, apparatus, placed, witness, settings }: Args) {
  // `translate` changes with the language, `i18n` stays the same object.
  const { i18n, _: translate } = useLingui();
  const styles = useLineStyles();
  const { notesShow, punctuationShow } = settings;
  const shown = useMemo(() => {
    if (!apparatus || !placed || witness === null) return reel;
    const readings = apparatus.entries.flatMap((entry) => entry.readings.map((r) => r.text));
    return reelAsRead(reel, placed, readings);
  }, [reel, apparatus, placed, witness]);

  const view = useMemo((): Omit<CollationView, "setting"> | undefined => {
    if (!apparatus || !placed) return undefined;
    const names = new Map(apparatus.entries.map((entry) => [entry.id, entry.n]));
    const labels: LineLabels = {
      mark: (id) => ({
        number: markNumber(id),
        name: `${translate(t.mark)} ${names.get(id) ?? ""}`,
      }),
      reading: witness === null ? "" : witnessName(witness, i18n.locale),
    };
    const options = { punctuation: punctuationShow, marks: notesShow };
    return {
      of: reel,
      reel: shown,
      witness: witness !== null,
      ...(notesShow || witness !== null
        ? { line: (cid, match) => lineContent(placed.get(cid), options, match, labels, styles) }
        : {}),
      notes: (slices) => quoteNotes(placed, apparatus.entries, slices),
    };
  }, [reel, shown, apparatus, placed, witness, notesShow, punctuationShow, i18n, translate, styles]);

  return view;
}
