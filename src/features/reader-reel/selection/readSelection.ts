/**
 * Reads the browser's selection over the reel text into reel terms: the text as the reader sees it
 * and, per line (`[data-cid]` element), the selected range of that line's own text. A line element
 * may start with its line head and may hide punctuation; both are accounted for here.
 */
import type { Reel } from "../../../../contract/canon.ts";
import { withoutPunctuation } from "../readingSettings.ts";
import type { Rect } from "./placement.ts";
import type { LineSlice } from "./quoteText.ts";

export type ReelSelection = {
  /** The selected text as shown, lines joined, without line heads. */
  text: string;
  /** The selected part of each line, in the reel line's own text. */
  slices: LineSlice[];
  /** The selection's box (or the pointer's point), in viewport coordinates. */
  rect: Rect;
};

const isPunctuation = (unit: string): boolean => withoutPunctuation(unit) === "";

/** The index in `raw` of the `visible`-th character that is not hidden punctuation. */
function rawIndex(raw: string, visible: number): number {
  let seen = 0;
  for (let i = 0; i < raw.length; i++) {
    if (isPunctuation(raw.charAt(i))) continue;
    if (seen === visible) return i;
    seen++;
  }
  return raw.length;
}

/** Length of the text from the start of `element` to a boundary point inside it. */
function offsetWithin(element: HTMLElement, node: Node, offset: number): number {
  const range = element.ownerDocument.createRange();
  range.setStart(element, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

function lineSlice(
  element: HTMLElement,
  range: Range,
  text: string,
): { slice: LineSlice; shown: string } | null {
  const cid = element.dataset.cid ?? "";
  const content = element.textContent ?? "";
  const bare = withoutPunctuation(text);
  const punctuation = content.endsWith(text) || !content.endsWith(bare);
  const shownText = punctuation ? text : bare;
  const head = Math.max(0, content.length - shownText.length);
  const start = element.contains(range.startContainer)
    ? offsetWithin(element, range.startContainer, range.startOffset)
    : 0;
  const end = element.contains(range.endContainer)
    ? offsetWithin(element, range.endContainer, range.endOffset)
    : content.length;
  const from = Math.min(Math.max(start - head, 0), shownText.length);
  const to = Math.min(Math.max(end - head, 0), shownText.length);
  if (to <= from) return null;
  const slice = punctuation
    ? { cid, from, to }
    : { cid, from: rawIndex(text, from), to: rawIndex(text, to - 1) + 1 };
  return { slice, shown: shownText.slice(from, to) };
}

function lineTexts(reel: Reel): Map<string, string> {
  return new Map(reel.pages.flatMap((page) => page.lines.map((line) => [line.cid, line.text] as const)));
}

/** The selection inside `container` in reel terms, or null when it selects no reel text. */
export function readSelection(
  container: HTMLElement,
  selection: Selection | null,
  reel: Reel,
): ReelSelection | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const texts = lineTexts(reel);
  const slices: LineSlice[] = [];
  let text = "";
  for (const element of container.querySelectorAll<HTMLElement>("[data-cid]")) {
    if (!range.intersectsNode(element)) continue;
    const lineText = texts.get(element.dataset.cid ?? "");
    if (lineText === undefined) continue;
    const part = lineSlice(element, range, lineText);
    if (!part) continue;
    slices.push(part.slice);
    text += part.shown;
  }
  if (slices.length === 0 || text.trim() === "") return null;
  const box = range.getBoundingClientRect();
  return { text, slices, rect: { top: box.top, bottom: box.bottom, left: box.left, right: box.right } };
}

/** A right-click with nothing selected: the line under the pointer, with no text. */
export function pointAt(
  container: HTMLElement,
  target: EventTarget | null,
  x: number,
  y: number,
): ReelSelection {
  const line = target instanceof Element ? target.closest<HTMLElement>("[data-cid]") : null;
  const cid = line && container.contains(line) ? (line.dataset.cid ?? "") : "";
  return {
    text: "",
    slices: cid ? [{ cid, from: 0, to: 0 }] : [],
    rect: { top: y, bottom: y, left: x, right: x },
  };
}
