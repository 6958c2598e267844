/**
 * Hash anchors on an article page: once the article has rendered, and whenever the address's hash
 * changes, the element it names inside the article is scrolled to the top of the window, then
 * `onAnchor` is told (the jump is instant, so the window is already there). The router's own jump
 * to the hash runs before the article has loaded, so it finds nothing.
 */
import { type RefObject, useLayoutEffect } from "react";
import { headingElement } from "./useCurrentHeading.ts";

/** `hash` is the router's (decoded, without `#`); `content` changes when new HTML has rendered. */
export function useHashAnchor(
  container: RefObject<HTMLElement | null>,
  hash: string,
  content: string | null,
  onAnchor: (id: string) => void,
): void {
  useLayoutEffect(() => {
    const root = container.current;
    if (!root || hash === "" || content === null) return;
    const target = headingElement(root, hash);
    if (!target) return;
    target.scrollIntoView({ block: "start", behavior: "instant" });
    onAnchor(hash);
  }, [container, hash, content, onAnchor]);
}
