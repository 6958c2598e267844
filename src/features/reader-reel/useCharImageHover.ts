/**
 * Character image on hover, for the reel text: finds the char under the pointer, and once it has
 * rested there 300 ms asks for that char's column image (only on pages that have a scan). A char
 * without an image shows nothing.
 */
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { Reel } from "../../../contract/canon.ts";
import type { CharColumnImg } from "../../../contract/charImage.ts";
import { parseLineId } from "../../../contract/ids.ts";
import { fetchCharColumnImg } from "../../api/reelReader.ts";
import { useServices } from "../../app/shell/services.ts";
import { networkState } from "../../offline/network.ts";
import { charNumberAt, createHoverScheduler } from "./charHover.ts";

export type HoveredChar = { char: string; image: CharColumnImg; x: number; y: number };

type Hit = { key: string; pageUid: string; charSn: string; char: string };

/** The text offset of `node`/`offset` within `line`, leaving out the line-head number. */
function offsetInLine(line: Element, node: Node, offset: number): { text: string; at: number } | null {
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  let text = "";
  let at = -1;
  for (let current = walker.nextNode(); current; current = walker.nextNode()) {
    if (current.parentElement?.closest("[data-line-head]")) continue;
    if (current === node) at = text.length + offset;
    text += current.textContent ?? "";
  }
  return at < 0 ? null : { text, at };
}

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === "function") {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/** Whether the char starting at `offset` of the text node is drawn under the point. */
function charUnder(node: Node, offset: number, x: number, y: number): boolean {
  const length = node.textContent?.length ?? 0;
  if (offset < 0 || offset >= length) return false;
  const range = document.createRange();
  const code = node.textContent?.charCodeAt(offset) ?? 0;
  range.setStart(node, offset);
  range.setEnd(node, Math.min(length, offset + (code >= 0xd800 && code <= 0xdbff ? 2 : 1)));
  const box = range.getBoundingClientRect();
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

function hitAt(x: number, y: number): Omit<Hit, "key"> | null {
  const caret = caretAt(x, y);
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE) return null;
  // The caret falls before or after the char; take the one actually under the pointer.
  const start = [caret.offset, caret.offset - 1].find((n) => charUnder(caret.node, n, x, y));
  if (start === undefined) return null;
  const line = caret.node.parentElement?.closest("[data-cid]");
  if (!line || caret.node.parentElement?.closest("[data-line-head]")) return null;
  const cid = line.getAttribute("data-cid") ?? "";
  const lineId = parseLineId(cid);
  const place = offsetInLine(line, caret.node, start);
  if (!lineId || !place) return null;
  const charNo = charNumberAt(place.text, place.at);
  if (charNo === null) return null;
  const char = String.fromCodePoint(place.text.codePointAt(place.at) ?? 0);
  return { pageUid: lineId.pageUid, charSn: `${lineId.line}.${charNo}`, char };
}

export function useCharImageHover(
  textRef: RefObject<HTMLElement | null>,
  reel: Reel | undefined,
  tripitakaUid: string | null,
  enabled: boolean,
): HoveredChar | null {
  const { api } = useServices();
  const [hovered, setHovered] = useState<HoveredChar | null>(null);
  const images = useRef(new Map<string, Promise<CharColumnImg | null>>());
  const scanned = useMemo(
    () => new Set(reel?.pages.filter((page) => page.images.length > 0).map((page) => page.uid)),
    [reel],
  );

  useEffect(() => {
    const element = textRef.current;
    if (!enabled || !tripitakaUid || !element || scanned.size === 0) return;
    const hits = new Map<string, Hit>();
    let pointer = { x: 0, y: 0 };
    let showing: string | null = null;
    const scheduler = createHoverScheduler(
      { set: (run, ms) => window.setTimeout(run, ms), clear: (id) => window.clearTimeout(id) },
      {
        show(key) {
          const hit = hits.get(key);
          if (!hit) return;
          showing = key;
          const at = { ...pointer };
          let request = images.current.get(key);
          if (!request) {
            // Column images come from the server only: offline, the char shows no image.
            if (!networkState().isOnline()) return;
            const query = { page_uid: hit.pageUid, char_sn: hit.charSn };
            request = fetchCharColumnImg(api, tripitakaUid, query).catch(() => null);
            images.current.set(key, request);
          }
          void request.then((image) => {
            if (image && showing === key) setHovered({ char: hit.char, image, ...at });
          });
        },
        hide() {
          showing = null;
          setHovered(null);
        },
      },
    );
    const onMove = (event: MouseEvent) => {
      pointer = { x: event.clientX, y: event.clientY };
      const hit = hitAt(event.clientX, event.clientY);
      if (!hit || !scanned.has(hit.pageUid)) {
        scheduler.point(null);
        return;
      }
      const key = `${hit.pageUid}.${hit.charSn}`;
      hits.set(key, { ...hit, key });
      scheduler.point(key);
    };
    const onLeave = () => scheduler.point(null);
    element.addEventListener("mousemove", onMove);
    element.addEventListener("mouseleave", onLeave);
    return () => {
      element.removeEventListener("mousemove", onMove);
      element.removeEventListener("mouseleave", onLeave);
      scheduler.dispose();
      setHovered(null);
    };
  }, [api, textRef, enabled, tripitakaUid, scanned]);

  return hovered;
}
