/**
 * The right preview panel (loaded when first opened): the reel's text in the search's text type,
 * scrolled to the snippet's line, with that line marked and the keyword's terms and the strings
 * the snippets highlighted marked in every line; closed by its icon.
 */
import { Button, makeStyles, mergeClasses, shorthands, Text, tokens } from "@fluentui/react-components";
import { DismissRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useLayoutEffect, useMemo, useRef } from "react";
import { type Script, sutraName } from "../../../contract/names.ts";
import { keywordTerms } from "../../../contract/search-options.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { fetchReel } from "../../api/canon.ts";
import { useServices } from "../../app/shell/services.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { HighlightedText } from "./HighlightedText.tsx";
import { highlightedStrings, termHighlights } from "./highlight.ts";
import { searchText as t } from "./messages.ts";
import { type Preview, SnippetLink } from "./ResultCard.tsx";

const useStyles = makeStyles({
  panel: {
    position: "sticky",
    top: 0,
    maxHeight: "100vh",
    minHeight: "320px",
    ...shorthands.padding(0, 0, 0, tokens.spacingHorizontalM),
  },
  header: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  title: { flex: "1 1 auto", minWidth: 0 },
  text: {
    flex: "1 1 auto",
    overflowY: "auto",
    lineHeight: "2",
    fontSize: tokens.fontSizeBase400,
    ...shorthands.padding(tokens.spacingVerticalS, tokens.spacingHorizontalS),
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  line: { margin: 0 },
  hitLine: { backgroundColor: tokens.colorPaletteYellowBackground1 },
});

type Props = { preview: Preview; txtType: TxtType; keyword: string; script: Script; onClose(): void };

export function PreviewPanel({ preview, txtType, keyword, script, onClose }: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { item, snippet } = preview;
  const load = useLoad(`${item.reel_uid}|${txtType}`, (signal) =>
    fetchReel(api, item.reel_uid, txtType, signal),
  );
  const textRef = useRef<HTMLDivElement>(null);
  const marked = useMemo(
    () => [...highlightedStrings(item.txts), ...keywordTerms(keyword)],
    [item.txts, keyword],
  );
  const lines = useMemo(
    () => (load.data?.pages ?? []).flatMap((page) => page.lines).filter((line) => line.text !== ""),
    [load.data],
  );

  // The hit's line sits in the middle of the panel; only the panel scrolls, not the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines arriving is the trigger, not an input.
  useLayoutEffect(() => {
    const box = textRef.current;
    const line = box?.querySelector<HTMLElement>(`[data-cid="${CSS.escape(snippet.cid)}"]`);
    if (!box || !line) return;
    const at = line.getBoundingClientRect();
    box.scrollTop += at.top - box.getBoundingClientRect().top - box.clientHeight / 2 + at.height / 2;
  }, [snippet.cid, lines]);

  return (
    <aside
      className={mergeClasses(stack.s, styles.panel)}
      aria-label={i18n._(t.previewTitle)}
      data-preview={item.reel_uid}
    >
      <div className={styles.header}>
        <Text weight="semibold" className={styles.title} truncate wrap={false}>
          {`${sutraName(item.sutra_name, script)} ${item.reel_name}`}
        </Text>
        <SnippetLink reelUid={item.reel_uid} cid={snippet.cid}>
          {i18n._(t.openReel)}
        </SnippetLink>
        <Button
          appearance="subtle"
          icon={<DismissRegular />}
          aria-label={i18n._(t.closePreview)}
          title={i18n._(t.closePreview)}
          data-preview-close
          onClick={onClose}
        />
      </div>
      {!load.data && <LoadStatus load={load} />}
      <div
        className={styles.text}
        ref={textRef}
        lang={txtType === "sim_txt" ? "zh-Hans" : "zh-Hant"}
        data-preview-text
      >
        {lines.map((line) => (
          <p
            key={line.cid}
            data-cid={line.cid}
            data-hit-line={line.cid === snippet.cid ? true : undefined}
            className={line.cid === snippet.cid ? `${styles.line} ${styles.hitLine}` : styles.line}
          >
            <HighlightedText text={line.text} highlights={termHighlights(line.text, marked)} />
          </p>
        ))}
      </div>
    </aside>
  );
}
