/**
 * What the reader has selected with the mouse in the text pane: the chars the selection touches,
 * and for a column shown as plain text the part of it that is selected.
 */
import type { PagePiece } from "./pageFeedback.ts";

/** The part of `range` that lies inside `element`. */
function clip(range: Range, element: Element): string {
  const part = document.createRange();
  part.selectNodeContents(element);
  if (range.compareBoundaryPoints(Range.START_TO_START, part) > 0)
    part.setStart(range.startContainer, range.startOffset);
  if (range.compareBoundaryPoints(Range.END_TO_END, part) < 0)
    part.setEnd(range.endContainer, range.endOffset);
  return part.collapsed ? "" : part.toString();
}

export function readPaneSelection(pane: HTMLElement, selection: Selection | null): PagePiece[] {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return [];
  const range = selection.getRangeAt(0);
  if (!range.intersectsNode(pane)) return [];
  const pieces: PagePiece[] = [];
  for (const column of pane.querySelectorAll<HTMLElement>("[data-column]")) {
    if (!range.intersectsNode(column)) continue;
    const chars = column.querySelectorAll<HTMLElement>("[data-char-id]");
    if (chars.length > 0) {
      for (const char of chars) {
        const charId = char.dataset.charId;
        if (charId && range.intersectsNode(char) && clip(range, char) !== "")
          pieces.push({ kind: "char", charId });
      }
      continue;
    }
    const text = column.querySelector("[data-column-text]");
    const cid = column.dataset.column;
    const picked = text ? clip(range, text) : "";
    if (cid && picked !== "") pieces.push({ kind: "text", cid, text: picked });
  }
  return pieces;
}
