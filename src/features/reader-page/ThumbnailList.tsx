/**
 * The book's pages as thumbnails: the 20 either side of the current page load at once, the rest
 * when scrolled near (IntersectionObserver); the current page is marked and kept in view.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useStackStyles } from "../../ui/stack.ts";
import { markFrame } from "./markFrame.ts";
import { pageText as t } from "./messages.ts";
import { pageLabel } from "./pageInput.ts";
import { useThumbUrls } from "./useThumbUrls.ts";

/** Thumbnails loaded either side of the current page before they are scrolled to (spec section 9). */
export const THUMB_PRELOAD = 20;

const useStyles = makeStyles({
  list: {
    position: "relative",
    listStyleType: "none",
    paddingLeft: 0,
    marginTop: 0,
    marginBottom: 0,
    overflowY: "auto",
    flexGrow: 1,
    minHeight: 0,
  },
  item: { paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
  button: {
    alignItems: "center",
    width: "100%",
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    cursor: "pointer",
    color: tokens.colorNeutralForeground1,
    backgroundColor: "transparent",
    ...markFrame,
    borderTopColor: "transparent",
    borderBottomColor: "transparent",
    borderLeftColor: "transparent",
    borderRightColor: "transparent",
    borderRadius: tokens.borderRadiusMedium,
  },
  current: {
    borderTopColor: tokens.colorBrandStroke1,
    borderBottomColor: tokens.colorBrandStroke1,
    borderLeftColor: tokens.colorBrandStroke1,
    borderRightColor: tokens.colorBrandStroke1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  picture: { width: "120px", minHeight: "60px", objectFit: "contain", display: "block" },
  placeholder: { width: "120px", height: "160px", backgroundColor: tokens.colorNeutralBackground3 },
  /** A page without a scan shows its number only. */
  noScan: { height: "24px" },
});

type Props = {
  pages: readonly string[];
  current: string;
  scanned: ReadonlySet<string>;
  onOpen(pageUid: string): void;
};

export function ThumbnailList({ pages, current, scanned, onOpen }: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const listRef = useRef<HTMLOListElement>(null);
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());

  // biome-ignore lint/correctness/useExhaustiveDependencies: new pages are new list items to observe.
  useEffect(() => {
    const root = listRef.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const shown = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => (entry.target as HTMLElement).dataset.thumb ?? "");
        if (shown.length === 0) return;
        setSeen((prev) => (shown.every((uid) => prev.has(uid)) ? prev : new Set([...prev, ...shown])));
      },
      { root, rootMargin: "200px 0px" },
    );
    for (const item of root.querySelectorAll("[data-thumb]")) observer.observe(item);
    return () => observer.disconnect();
  }, [pages]);

  const at = pages.indexOf(current);
  const wanted = useMemo(() => {
    const near = at < 0 ? [] : pages.slice(Math.max(0, at - THUMB_PRELOAD), at + THUMB_PRELOAD + 1);
    return [...new Set([...near, ...seen])].filter((uid) => scanned.has(uid));
  }, [pages, at, seen, scanned]);
  const urls = useThumbUrls(wanted);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the current item may arrive with a new list.
  useEffect(() => {
    const root = listRef.current;
    const item = root?.querySelector<HTMLElement>(`[data-thumb="${CSS.escape(current)}"]`);
    if (!root || !item) return;
    const top = item.offsetTop;
    if (top < root.scrollTop || top + item.offsetHeight > root.scrollTop + root.clientHeight)
      root.scrollTop = Math.max(0, top - root.clientHeight / 2 + item.offsetHeight / 2);
  }, [current, pages]);

  return (
    <ol ref={listRef} className={styles.list} aria-label={i18n._(t.thumbList)} data-thumb-list>
      {pages.map((uid) => {
        const url = urls.get(uid);
        const isCurrent = uid === current;
        return (
          <li key={uid} className={styles.item} data-thumb={uid}>
            <button
              type="button"
              className={mergeClasses(stack.xxs, styles.button, isCurrent && styles.current)}
              aria-current={isCurrent ? "page" : undefined}
              onClick={() => onOpen(uid)}
            >
              {url ? (
                <img src={url} alt="" className={styles.picture} loading="lazy" data-thumb-img />
              ) : (
                <span className={mergeClasses(styles.placeholder, !scanned.has(uid) && styles.noScan)} />
              )}
              <span>{pageLabel(uid)}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
