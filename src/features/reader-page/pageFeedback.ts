/**
 * Feedback from page reading (spec sections 2, 3 and 7): source `by_page` with the page uid as
 * page_id, the block of the page the selection starts in as block_id, and the selected chars (or,
 * on a page with no char boxes, the selected lines) as cids and origin text.
 */
import type { Page } from "../../../contract/canon.ts";
import { CIDS_MAX, charCount, ORIGIN_TEXT_MAX } from "../../../contract/feedback.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { FeedbackTarget } from "../feedback/submitFeedback.ts";

/** One part of what the reader picked, in reading order: a char, or text of a column without chars. */
export type PagePiece = { kind: "char"; charId: string } | { kind: "text"; cid: string; text: string };

type Box = { x: number; y: number; w: number; h: number };
type PageChar = Page["chars"][number];

/** The char as the text pane shows it. */
export const charText = (c: PageChar, txtType: TxtType): string => c[txtType] || c.ori_txt;

const holds = (block: Box, box: Box): boolean => {
  const x = box.x + box.w / 2;
  const y = box.y + box.h / 2;
  return x >= block.x && x <= block.x + block.w && y >= block.y && y <= block.y + block.h;
};

/** The block whose box holds the centre of `box`; a page of one block answers that block. */
export function blockOf(page: Pick<Page, "blocks">, box: Box | null): string | null {
  const hit = box ? page.blocks.find((block) => holds(block, box)) : undefined;
  if (hit) return hit.block_id;
  return page.blocks.length === 1 ? (page.blocks[0]?.block_id ?? null) : null;
}

export function pageFeedbackTarget(
  page: Page,
  txtType: TxtType,
  pieces: readonly PagePiece[],
): FeedbackTarget {
  const chars = new Map(page.chars.map((c) => [c.char_id, c]));
  let origin = "";
  const cids: string[] = [];
  let first: Box | null = null;
  for (const piece of pieces) {
    const room = ORIGIN_TEXT_MAX - charCount(origin);
    if (room <= 0 || cids.length >= CIDS_MAX) break;
    if (piece.kind === "char") {
      const c = chars.get(piece.charId);
      if (!c) continue;
      const text = charText(c, txtType);
      if (charCount(text) > room) break;
      origin += text;
      cids.push(c.char_id);
      first ??= c;
    } else {
      const text = Array.from(piece.text).slice(0, room).join("");
      if (text === "") continue;
      origin += text;
      if (!cids.includes(piece.cid)) cids.push(piece.cid);
      first ??= page.columns.find((column) => column.cid === piece.cid)?.box ?? null;
    }
  }
  return {
    source: "by_page",
    // A page that carries no sutra's text (a scan of its own) has none to name.
    sutra_uid: page.sutra_uids[0] ?? "",
    page_id: page.uid,
    block_id: blockOf(page, first),
    cids,
    origin_text: origin,
  };
}
