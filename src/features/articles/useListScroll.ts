/**
 * The news list's scroll memory: `remember` is called as the reader follows an article link; when
 * the same list address has rendered its rows again (browser back, or the article's back link),
 * the window goes back to where it was. Restoring waits for the rows: before they load the page
 * is too short to scroll, and the router has already put the window at the top by then.
 */
import { useCallback, useLayoutEffect } from "react";
import { useServices } from "../../app/shell/services.ts";
import { rememberListScroll, scrollToRestore } from "./listScroll.ts";

export function useListScroll(href: string, rowsShown: boolean): () => void {
  const { session } = useServices();
  useLayoutEffect(() => {
    if (!rowsShown) return;
    const y = scrollToRestore(session, href);
    if (y !== null) window.scrollTo({ top: y, left: 0, behavior: "instant" });
  }, [rowsShown, href, session]);
  return useCallback(() => rememberListScroll(session, { href, y: window.scrollY }), [session, href]);
}
