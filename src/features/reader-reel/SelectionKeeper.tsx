/**
 * Keeps the reader's selection over the reel text when the text is drawn again with the same
 * chars (the collation marks arriving after the text, a witness's readings coming and going): the
 * selection's ends are read before the update as a line (`[data-cid]`) and a char offset in it,
 * and put back at the same places after. React drops the selection with the text nodes it
 * replaces; a reader who had started selecting would lose it for no reason they can see.
 */
import { Component, type ReactNode, type RefObject } from "react";

type Point = { cid: string; offset: number };
type Kept = { anchor: Point; focus: Point };

function lineOf(container: HTMLElement, node: Node): HTMLElement | null {
  const element = node instanceof Element ? node : node.parentElement;
  const line = element?.closest<HTMLElement>("[data-cid]") ?? null;
  return line && container.contains(line) ? line : null;
}

function pointOf(container: HTMLElement, node: Node | null, offset: number): Point | null {
  if (!node) return null;
  const line = lineOf(container, node);
  if (!line) return null;
  const range = document.createRange();
  range.setStart(line, 0);
  range.setEnd(node, offset);
  return { cid: line.dataset.cid ?? "", offset: range.toString().length };
}

/** The text node and offset at `point`, or null when its line is no longer drawn. */
function placeOf(container: HTMLElement, point: Point): [Node, number] | null {
  const line = Array.from(container.querySelectorAll<HTMLElement>("[data-cid]")).find(
    (element) => element.dataset.cid === point.cid,
  );
  if (!line) return null;
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  let left = point.offset;
  let last: Text | null = null;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (left <= node.length) return [node, left];
    left -= node.length;
    last = node;
  }
  return last ? [last, last.length] : [line, 0];
}

type Props = {
  container: RefObject<HTMLElement | null>;
  /** What, when it changes, draws the text again. */
  drawing: unknown;
  children: ReactNode;
};

export class SelectionKeeper extends Component<Props> {
  override getSnapshotBeforeUpdate(previous: Props): Kept | null {
    const container = this.props.container.current;
    const selection = document.getSelection();
    if (previous.drawing === this.props.drawing || !container || !selection || selection.isCollapsed)
      return null;
    const anchor = pointOf(container, selection.anchorNode, selection.anchorOffset);
    const focus = pointOf(container, selection.focusNode, selection.focusOffset);
    return anchor && focus ? { anchor, focus } : null;
  }

  override componentDidUpdate(_previous: Props, _state: unknown, kept: Kept | null): void {
    const container = this.props.container.current;
    const selection = document.getSelection();
    if (!kept || !container || !selection) return;
    const now = {
      anchor: pointOf(container, selection.anchorNode, selection.anchorOffset),
      focus: pointOf(container, selection.focusNode, selection.focusOffset),
    };
    if (JSON.stringify(now) === JSON.stringify(kept)) return;
    const anchor = placeOf(container, kept.anchor);
    const focus = placeOf(container, kept.focus);
    if (anchor && focus) selection.setBaseAndExtent(anchor[0], anchor[1], focus[0], focus[1]);
  }

  override render(): ReactNode {
    return this.props.children;
  }
}
