/**
 * Finds the colophons of a CBETA file among its paragraphs (text-paragraphs.ts):
 *   - in an appended writing (`cb:div type="w"`), a run of paragraphs not broken by a heading,
 *     a blank line or running prose (a postscript, biography or preface), when the run is a
 *     colophon by the rules of colophon-fields.ts (J01nA042 closes its 後記 with 施銀…刻年譜壹卷);
 *   - elsewhere, a short paragraph or juan title that is one on its own (信官高道素助刻, or
 *     芝巖秀禪師語錄卷下終　板存嘉興楞嚴寺流通 at a juan's end).
 */
import { type ColophonFields, colophonFields } from "./colophon-fields.ts";
import { LOOSE_KINDS, MAX_LOOSE_LINES, type TextLine, type TextParagraph } from "./text-paragraphs.ts";

export type FoundColophon = { lines: TextLine[]; fields: ColophonFields };

/** Running prose: sentences, not lines laid out one by one. */
function isProse(paragraph: TextParagraph): boolean {
  if (paragraph.preformatted) return false;
  const text = paragraph.lines
    .map((line) => line.text)
    .join("")
    .replace(/[\s\u3000]+/gu, "");
  const stops = (text.match(/[。！？]/gu) ?? []).length;
  return stops >= 2 || (stops === 1 && text.length > 30);
}

function found(lines: TextLine[]): FoundColophon | null {
  const fields = colophonFields(lines.map((line) => line.text));
  return fields ? { lines, fields } : null;
}

export function findColophons(paragraphs: readonly TextParagraph[]): FoundColophon[] {
  const colophons: FoundColophon[] = [];
  let run: TextParagraph[] = [];
  const endRun = (): void => {
    const colophon = run.length > 0 ? found(run.flatMap((paragraph) => paragraph.lines)) : null;
    if (colophon) colophons.push(colophon);
    run = [];
  };
  for (const paragraph of paragraphs) {
    const last = run.at(-1);
    if (last && (paragraph.appended !== last.appended || paragraph.afterBlank)) endRun();
    if (paragraph.appended === 0) {
      if (!LOOSE_KINDS.has(paragraph.kind) || paragraph.lines.length > MAX_LOOSE_LINES || isProse(paragraph))
        continue;
      const colophon = found(paragraph.lines);
      if (colophon) colophons.push(colophon);
    } else if (paragraph.kind === "heading" || paragraph.kind === "byline" || isProse(paragraph)) endRun();
    else run.push(paragraph);
  }
  endRun();
  return colophons;
}
