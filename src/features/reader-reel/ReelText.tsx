/**
 * The reel's text by page and line (original line breaks or running paragraphs), with the lines
 * named by `cid` highlighted and scrolled to, quick-search matches marked, and the source line.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation } from "@tanstack/react-router";
import { memo, type Ref, startTransition, useEffect, useMemo, useState } from "react";
import type { Reel } from "../../../contract/canon.ts";
import { parseCidQuery } from "../../../contract/ids.ts";
import { reel as reelText } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import type { CollationView } from "./collationView.ts";
import { matchStarts, splitMatches } from "./quickSearch.ts";
import { type ReadingSettings, withoutPunctuation } from "./readingSettings.ts";

const useStyles = makeStyles({
  text: { marginTop: tokens.spacingVerticalL },
  rule: {
    border: "none",
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    margin: `${tokens.spacingVerticalL} 0`,
  },
  vertical: {
    writingMode: "vertical-rl",
    height: "70vh",
    overflowX: "auto",
    overflowY: "hidden",
  },
  page: { marginBottom: tokens.spacingVerticalM, marginTop: 0 },
  highlight: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  match: { backgroundColor: tokens.colorPaletteYellowBackground1, color: "inherit" },
  currentMatch: { backgroundColor: tokens.colorPaletteDarkOrangeBackground2, color: "inherit" },
  lineHead: {
    display: "inline-block",
    minWidth: "9em",
    marginRight: tokens.spacingHorizontalM,
    color: tokens.colorNeutralForeground4,
    fontSize: tokens.fontSizeBase200,
    letterSpacing: 0,
    fontFamily: tokens.fontFamilyMonospace,
  },
  source: {
    marginTop: tokens.spacingVerticalXL,
    paddingTop: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

/** The `cid` query value: a line or char id, or a `first-last` range, to highlight and scroll to. */
function useCidTarget(): string | null {
  return useLocation({
    select: ({ search }) => {
      const cid = (search as Record<string, unknown>).cid;
      return typeof cid === "string" && cid !== "" ? cid : null;
    },
  });
}

/** The text of each non-empty line as shown, in reading order. */
export function shownLines(reel: Reel, settings: ReadingSettings): string[] {
  return reel.pages.flatMap((page) =>
    page.lines
      .filter((line) => line.text !== "")
      .map((line) => (settings.punctuationShow ? line.text : withoutPunctuation(line.text))),
  );
}

/** The lines of a `first-last` range (a cited passage), in reading order; empty for one id. */
function linesInRange(reel: Reel, target: string | null): Set<string> {
  const selection = target ? parseCidQuery(target) : null;
  if (selection?.kind !== "range") return new Set();
  const lineOf = (id: string) => id.split(".").slice(0, 2).join(".");
  const [first, last] = [lineOf(selection.first), lineOf(selection.last)];
  const marked = new Set<string>();
  let inside = false;
  for (const page of reel.pages)
    for (const line of page.lines) {
      if (line.cid === first) inside = true;
      if (inside) marked.add(line.cid);
      if (line.cid === last) return marked;
    }
  return marked;
}

/** Lines drawn when the text first mounts: more than a tall screen shows (the rest follows). */
export const FIRST_PASS_LINES = 60;

/**
 * How many lines to draw: on the text's first mount, the first screen's worth, and every line from
 * the next render on, done in slices, so the first text is on screen sooner and no one block of
 * work draws a whole reel. A cited line or a search may lie further on: then every line at once.
 */
function useDrawnLineLimit(whole: boolean): number {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return whole || mounted ? Number.POSITIVE_INFINITY : FIRST_PASS_LINES;
}

/** The pages of `reel` with their non-empty lines, the first `limit` lines in all. */
function pagesUpTo(reel: Reel, limit: number) {
  const pages: { uid: string; lines: Reel["pages"][number]["lines"] }[] = [];
  let left = limit;
  for (const page of reel.pages) {
    if (left <= 0) break;
    const lines = page.lines.filter((line) => line.text !== "").slice(0, left);
    left -= lines.length;
    pages.push({ uid: page.uid, lines });
  }
  return pages;
}

type Props = {
  reel: Reel;
  vertical: boolean;
  settings: ReadingSettings;
  fontFamily: string;
  keyword: string;
  currentMatch: number;
  textRef?: Ref<HTMLDivElement>;
  /** Draws a line with the collation marks and readings, once that part has loaded. */
  drawLine?: CollationView["line"] | undefined;
};

/**
 * The reel's text, drawn again only when what it shows changes: the screen around it changes state
 * (the guide opening, menus) without it, and a reel's lines are the most of the screen's work.
 */
export const ReelText = memo(function ReelText({
  reel,
  vertical,
  settings,
  fontFamily,
  keyword,
  currentMatch,
  textRef,
  drawLine,
}: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const target = useCidTarget();
  const lineLimit = useDrawnLineLimit(target !== null || keyword !== "");
  const starts = useMemo(() => {
    const { starts: byLine } = matchStarts(shownLines(reel, settings), keyword);
    const cids = reel.pages.flatMap((page) =>
      page.lines.filter((line) => line.text !== "").map((line) => line.cid),
    );
    return new Map(cids.map((cid, i) => [cid, byLine[i] ?? 0]));
  }, [reel, settings, keyword]);
  const shown = (cid: string, text: string) => {
    if (drawLine) return drawLine(cid, { keyword, first: starts.get(cid) ?? 0, current: currentMatch });
    const visible = settings.punctuationShow ? text : withoutPunctuation(text);
    if (keyword === "") return visible;
    return splitMatches(visible, keyword, starts.get(cid) ?? 0).map((piece, i) =>
      piece.match === null ? (
        piece.text
      ) : (
        <mark
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one line never reorder.
          key={i}
          data-match={piece.match}
          className={piece.match === currentMatch ? styles.currentMatch : styles.match}
        >
          {piece.text}
        </mark>
      ),
    );
  };

  useEffect(() => {
    if (keyword === "") return;
    document.querySelector(`mark[data-match="${currentMatch}"]`)?.scrollIntoView({ block: "center" });
  }, [keyword, currentMatch]);
  const textStyle = useMemo(
    () => ({
      fontFamily,
      fontSize: `${settings.fontSize}px`,
      lineHeight: `${Math.max(settings.lineSpacing, settings.fontSize)}px`,
      letterSpacing: `${settings.wordSpacing}px`,
    }),
    [fontFamily, settings.fontSize, settings.lineSpacing, settings.wordSpacing],
  );

  // Runs again when the reel arrives: a contents node may name a line of the reel being opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reel_uid is the trigger, not an input.
  useEffect(() => {
    if (!target) return;
    const first = target.split("-")[0] ?? target;
    const line = first.split(".").slice(0, 2).join(".");
    const element =
      document.querySelector(`[data-cid="${CSS.escape(first)}"]`) ??
      document.querySelector(`[data-cid="${CSS.escape(line)}"]`);
    element?.scrollIntoView({ block: "center" });
  }, [target, reel.reel_uid]);

  const rangeLines = useMemo(() => linesInRange(reel, target), [reel, target]);
  const isTarget = (cid: string) =>
    target !== null && (cid === target || target.startsWith(`${cid}.`) || rangeLines.has(cid));

  return (
    <>
      <div
        ref={textRef}
        className={vertical ? `${styles.text} ${styles.vertical}` : styles.text}
        style={textStyle}
        lang="zh-Hant"
        data-text-type={settings.textType}
        data-font-type={settings.fontType}
        data-reel-uid={reel.reel_uid}
      >
        {pagesUpTo(reel, lineLimit).map(({ uid, lines }) => {
          if (!settings.lineShow) {
            return (
              <p key={uid} className={styles.page} data-page={uid}>
                {lines.map((line) => (
                  <span
                    key={line.cid}
                    data-cid={line.cid}
                    data-cited={isTarget(line.cid) || undefined}
                    className={isTarget(line.cid) ? styles.highlight : undefined}
                  >
                    {shown(line.cid, line.text)}
                  </span>
                ))}
              </p>
            );
          }
          return (
            <section key={uid} className={styles.page} data-page={uid}>
              {lines.map((line) => (
                <div
                  key={line.cid}
                  data-cid={line.cid}
                  data-cited={isTarget(line.cid) || undefined}
                  className={isTarget(line.cid) ? styles.highlight : undefined}
                >
                  {settings.lineHeadShow && (
                    <span className={styles.lineHead} data-line-head>
                      {line.cid}
                    </span>
                  )}
                  {shown(line.cid, line.text)}
                </div>
              ))}
            </section>
          );
        })}
      </div>
      <hr className={styles.rule} />
      <footer className={mergeClasses(stack.xxs, styles.source)}>
        <span>{tr(i18n, reelText.sourceLine, { title: reel.source.title })}</span>
        <span>{reel.source.availability}</span>
        <span>{reel.source.file}</span>
      </footer>
    </>
  );
});
