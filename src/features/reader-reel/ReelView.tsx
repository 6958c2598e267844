/** One reel's text: title, author, char count, the text by line, reel navigation and its source. */
import {
  Button,
  Divider,
  makeStyles,
  SearchBox,
  Text,
  Toolbar,
  ToolbarDivider,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import type { Reel } from "../../../contract/canon.ts";
import { tripitakaOf } from "../../../contract/ids.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { fetchReel } from "../../api/canon.ts";
import { isNotFound } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { reel as reelText } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import type { Script } from "../../ui/names.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { readerText } from "./messages.ts";
import { matchStarts, nextMatch, QUICK_SEARCH_DEBOUNCE_MS, splitMatches } from "./quickSearch.ts";
import { type ReadingSettings, withoutPunctuation } from "./readingSettings.ts";
import { SettingsPanel } from "./SettingsPanel.tsx";
import { useReaderKeys } from "./useReaderKeys.ts";
import { useRecordRead } from "./useRecordRead.ts";
import { useSyncedSettings } from "./useSyncedSettings.ts";

type Layout = "horizontal" | "vertical";

const layoutOptions: [Layout, MessageDescriptor][] = [
  ["horizontal", reelText.horizontal],
  ["vertical", reelText.vertical],
];

/** A segmented choice: the selected option is the primary, pressed button. */
function Choice<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: [T, MessageDescriptor][];
}) {
  const { i18n } = useLingui();
  return props.options.map(([value, label]) => (
    <Button
      key={value}
      aria-pressed={props.value === value}
      appearance={props.value === value ? "primary" : "secondary"}
      onClick={() => props.onChange(value)}
    >
      {i18n._(label)}
    </Button>
  ));
}

const useStyles = makeStyles({
  toolbar: { flexWrap: "wrap", paddingLeft: 0, marginBottom: tokens.spacingVerticalM },
  title: { display: "block", margin: 0 },
  meta: { display: "flex", gap: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
  text: {
    fontFamily: '"Noto Serif CJK TC", "Noto Serif TC", "Source Han Serif TC", "Songti TC", serif',
    marginTop: tokens.spacingVerticalL,
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
  endBar: { display: "flex", gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL },
  source: {
    marginTop: tokens.spacingVerticalXL,
    paddingTop: tokens.spacingVerticalM,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

const txtTypeOf = (script: Script): TxtType => (script === "sim" ? "sim_txt" : "std_txt");
const scriptOf = (txtType: TxtType): Script | null =>
  txtType === "sim_txt" ? "sim" : txtType === "std_txt" ? "trad" : null;

type Props = { reelUid: string; script: Script; onScript: (script: Script) => void };

export function ReelView({ reelUid, script, onScript }: Props) {
  const styles = useStyles();
  const { api } = useServices();
  const [layout, setLayout] = useState<Layout>("horizontal");
  const [settings, storeSettings] = useSyncedSettings(txtTypeOf(script));
  const txtType = settings.textType;
  const [quickDraft, setQuickDraft] = useState("");
  const [quickKeyword, setQuickKeyword] = useState("");
  const [currentMatch, setCurrentMatch] = useState(0);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuickKeyword(quickDraft.trim());
      setCurrentMatch(0);
    }, QUICK_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [quickDraft]);
  const changeSettings = (next: ReadingSettings) => {
    storeSettings(next);
    const nextScript = scriptOf(next.textType);
    if (nextScript && nextScript !== script) onScript(nextScript);
  };
  const load = useLoad(`${reelUid}|${txtType}`, (signal) => fetchReel(api, reelUid, txtType, signal));
  const reel = load.data;
  const tripitakaUid = tripitakaOf(reelUid);
  const { i18n } = useLingui();
  const navigate = useNavigate();
  function go(uid: string | null | undefined) {
    if (uid) void navigate({ to: "/scroll/$reelUid", params: { reelUid: uid } });
  }
  useRecordRead(reelUid, reel !== undefined && reel.reel_uid === reelUid);
  const matchTotal = useMemo(
    () => (reel ? matchStarts(shownLines(reel, settings), quickKeyword).total : 0),
    [reel, settings, quickKeyword],
  );
  useReaderKeys({
    nextReel: () => go(reel?.next_reel_uid),
    lineStep: settings.lineSpacing,
  });

  // An unknown reel goes to /404 (spec section 2).
  useEffect(() => {
    if (isNotFound(load.error)) void navigate({ to: "/404", replace: true });
  }, [load.error, navigate]);

  useEffect(() => {
    if (reel)
      document.title = `${reel.sutra_name} ${reel.name} - ${document.title.split(" - ").at(-1) ?? ""}`;
  }, [reel]);

  return (
    <article>
      <Toolbar className={styles.toolbar} aria-label={i18n._(reelText.toolbar)}>
        {tripitakaUid && (
          <Button
            appearance="subtle"
            onClick={() => void navigate({ to: "/$tripitaka", params: { tripitaka: tripitakaUid } })}
          >
            {i18n._(reelText.backToSutras)}
          </Button>
        )}
        <ToolbarDivider />
        <Button disabled={!reel?.prev_reel_uid} onClick={() => go(reel?.prev_reel_uid)}>
          {i18n._(reelText.prevReel)}
        </Button>
        <Button disabled={!reel?.next_reel_uid} onClick={() => go(reel?.next_reel_uid)}>
          {i18n._(reelText.nextReel)}
        </Button>
        <ToolbarDivider />
        <Choice value={layout} onChange={setLayout} options={layoutOptions} />
        <ToolbarDivider />
        <SettingsPanel settings={settings} onChange={changeSettings} />
        <ToolbarDivider />
        <SearchBox
          name="quick_search"
          aria-label={i18n._(readerText.quickSearch)}
          placeholder={i18n._(readerText.quickSearch)}
          value={quickDraft}
          onChange={(_, data) => setQuickDraft(data.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            const keyword = quickDraft.trim();
            if (keyword !== quickKeyword) {
              setQuickKeyword(keyword);
              setCurrentMatch(0);
            } else {
              setCurrentMatch((n) => nextMatch(n, matchTotal));
            }
          }}
        />
        {quickKeyword !== "" && (
          <Text data-match-count>
            {tr(i18n, readerText.matchCount, {
              current: matchTotal ? currentMatch + 1 : 0,
              total: matchTotal,
            })}
          </Text>
        )}
      </Toolbar>
      <LoadStatus load={load} />
      {reel && (
        <ReelText
          reel={reel}
          vertical={layout === "vertical"}
          settings={settings}
          keyword={quickKeyword}
          currentMatch={currentMatch}
        />
      )}
      {reel && (
        <div className={styles.endBar}>
          <Button disabled={!reel.next_reel_uid} onClick={() => go(reel.next_reel_uid)}>
            {i18n._(reelText.nextReel)}
          </Button>
          <Button appearance="subtle" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
            {i18n._(readerText.backToTop)}
          </Button>
        </div>
      )}
    </article>
  );
}

/** The `cid` query value: one line or char id to highlight and scroll to. */
function useCidTarget(): string | null {
  const { search } = useLocation();
  const cid = (search as Record<string, unknown>).cid;
  return typeof cid === "string" && cid !== "" ? cid : null;
}

/** The text of each non-empty line as shown, in reading order. */
function shownLines(reel: Reel, settings: ReadingSettings): string[] {
  return reel.pages.flatMap((page) =>
    page.lines
      .filter((line) => line.text !== "")
      .map((line) => (settings.punctuationShow ? line.text : withoutPunctuation(line.text))),
  );
}

function ReelText({
  reel,
  vertical,
  settings,
  keyword,
  currentMatch,
}: {
  reel: Reel;
  vertical: boolean;
  settings: ReadingSettings;
  keyword: string;
  currentMatch: number;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const target = useCidTarget();
  const starts = useMemo(() => {
    const { starts: byLine } = matchStarts(shownLines(reel, settings), keyword);
    const cids = reel.pages.flatMap((page) =>
      page.lines.filter((line) => line.text !== "").map((line) => line.cid),
    );
    return new Map(cids.map((cid, i) => [cid, byLine[i] ?? 0]));
  }, [reel, settings, keyword]);
  const shown = (cid: string, text: string) => {
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
      fontSize: `${settings.fontSize}px`,
      lineHeight: `${Math.max(settings.lineSpacing, settings.fontSize)}px`,
      letterSpacing: `${settings.wordSpacing}px`,
    }),
    [settings.fontSize, settings.lineSpacing, settings.wordSpacing],
  );

  useEffect(() => {
    if (!target) return;
    const line = target.split(".").slice(0, 2).join(".");
    const element =
      document.querySelector(`[data-cid="${CSS.escape(target)}"]`) ??
      document.querySelector(`[data-cid="${CSS.escape(line)}"]`);
    element?.scrollIntoView({ block: "center" });
  }, [target]);

  const isTarget = (cid: string) => target !== null && (cid === target || target.startsWith(`${cid}.`));

  return (
    <>
      <Text as="h1" size={600} weight="semibold" className={styles.title}>
        {reel.sutra_name} {reel.name}
      </Text>
      <div className={styles.meta}>
        <Text>{reel.dynasty_author}</Text>
        <Text>{tr(i18n, reelText.chars, { count: reel.format.chars })}</Text>
      </div>
      <div
        className={vertical ? `${styles.text} ${styles.vertical}` : styles.text}
        style={textStyle}
        lang="zh-Hant"
        data-text-type={settings.textType}
      >
        {reel.pages.map((page) => {
          const lines = page.lines.filter((line) => line.text !== "");
          if (!settings.lineShow) {
            return (
              <p key={page.uid} className={styles.page} data-page={page.uid}>
                {lines.map((line) => (
                  <span
                    key={line.cid}
                    data-cid={line.cid}
                    className={isTarget(line.cid) ? styles.highlight : undefined}
                  >
                    {shown(line.cid, line.text)}
                  </span>
                ))}
              </p>
            );
          }
          return (
            <section key={page.uid} className={styles.page} data-page={page.uid}>
              {lines.map((line) => (
                <div
                  key={line.cid}
                  data-cid={line.cid}
                  className={isTarget(line.cid) ? styles.highlight : undefined}
                >
                  {settings.lineHeadShow && <span className={styles.lineHead}>{line.cid}</span>}
                  {shown(line.cid, line.text)}
                </div>
              ))}
            </section>
          );
        })}
      </div>
      <Divider />
      <footer className={styles.source}>
        <span>{tr(i18n, reelText.sourceLine, { title: reel.source.title })}</span>
        <span>{reel.source.availability}</span>
        <span>{reel.source.file}</span>
      </footer>
    </>
  );
}
