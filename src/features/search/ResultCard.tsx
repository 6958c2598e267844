/**
 * One reel in the results (tile layout): the sutra and reel, author and dynasty, category, years
 * and hits, then its snippets, each with a link opening the reel at the hit's line
 * (`/scroll/{reel}?cid={line}`), "preview full text" and, in fuzzy mode, the foldings its hits
 * needed.
 */
import {
  Badge,
  Button,
  makeStyles,
  mergeClasses,
  shorthands,
  Text,
  tokens,
} from "@fluentui/react-components";
import { DocumentTextRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { type Script, sutraName } from "../../../contract/names.ts";
import type { SearchItem, Snippet } from "../../../contract/search.ts";
import type { Folding } from "../../../contract/search-options.ts";
import { resultMeta } from "../../../contract/search-result-lines.ts";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { showCount } from "./count.ts";
import { SnippetFoldings } from "./FoldingChips.tsx";
import { HighlightedText } from "./HighlightedText.tsx";
import { searchText as t } from "./messages.ts";

/** How a result in the list looks, a reel's or a reading's: a thin line under it, its title in a row. */
export const resultLook = {
  divider: {
    borderBottomWidth: tokens.strokeWidthThin,
    borderBottomStyle: "solid",
    borderBottomColor: tokens.colorNeutralStroke2,
  },
  title: { display: "flex", alignItems: "baseline", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
} as const;

const useStyles = makeStyles({
  card: { ...shorthands.padding(tokens.spacingVerticalM, 0), ...resultLook.divider },
  // Below the first screen: laid out only once scrolled near, at the height it last had.
  later: { contentVisibility: "auto", containIntrinsicSize: "auto 240px" },
  title: resultLook.title,
  meta: { color: tokens.colorNeutralForeground3 },
  snippet: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    ...shorthands.padding(tokens.spacingVerticalXS, tokens.spacingHorizontalS),
    borderRadius: tokens.borderRadiusMedium,
  },
  current: { backgroundColor: tokens.colorNeutralBackground2 },
  snippetText: { lineHeight: tokens.lineHeightBase400 },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "center" },
});

/** A snippet opened in the preview panel, with its reel. */
export type Preview = { item: SearchItem; snippet: Snippet };

export function SnippetLink(props: { reelUid: string; cid: string; children: ReactNode }) {
  return (
    <RouterLink
      to="/scroll/$reelUid"
      params={{ reelUid: props.reelUid }}
      search={{ cid: props.cid }}
      data-open-reel={props.reelUid}
      data-open-cid={props.cid}
    >
      {props.children}
    </RouterLink>
  );
}

type Props = {
  item: SearchItem;
  script: Script;
  /** The snippet shown in the preview, when it belongs to this reel. */
  previewing: Snippet | null;
  onPreview(snippet: Snippet): void;
  /** Switches a folding of fuzzy search off. */
  onFoldingOff(folding: Folding): void;
  /** A card after the first screen's (SEARCH_FIRST_CARDS). */
  later?: boolean;
};

export function ResultCard({ item, script, previewing, onPreview, onFoldingOff, later = false }: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const first = item.txts[0];
  return (
    <article
      className={mergeClasses(stack.s, styles.card, later && styles.later)}
      data-result={item.reel_uid}
      data-result-sutra={item.sutra_uid}
      data-result-categories={item.categories.map((category) => category.id).join(",")}
    >
      <div className={styles.title}>
        <Text weight="semibold" size={400}>
          {first ? (
            <SnippetLink reelUid={item.reel_uid} cid={first.cid}>
              {sutraName(item.sutra_name, script)}
            </SnippetLink>
          ) : (
            sutraName(item.sutra_name, script)
          )}
        </Text>
        <Text>{item.reel_name}</Text>
        <Badge appearance="tint" color="brand" data-hits={item.keyword_count}>
          {tr(i18n, t.hits, { count: showCount(i18n, item.keyword_count) })}
        </Badge>
      </div>
      <Text size={200} className={styles.meta}>
        {resultMeta(item, script)}
      </Text>
      {item.txts.map((snippet, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a reel's snippets keep their order.
          key={i}
          className={snippet === previewing ? `${styles.snippet} ${styles.current}` : styles.snippet}
          data-snippet={snippet.cid}
        >
          <Text className={styles.snippetText}>
            <HighlightedText text={snippet.text} highlights={snippet.highlights} />
          </Text>
          <div className={styles.actions}>
            <SnippetLink reelUid={item.reel_uid} cid={snippet.cid}>
              {i18n._(t.openReel)}
            </SnippetLink>
            <Button
              size="small"
              appearance="transparent"
              icon={<DocumentTextRegular />}
              data-preview-open
              onClick={() => onPreview(snippet)}
            >
              {i18n._(t.preview)}
            </Button>
            <SnippetFoldings foldings={snippet.foldings} onSwitchOff={onFoldingOff} />
          </div>
        </div>
      ))}
    </article>
  );
}
