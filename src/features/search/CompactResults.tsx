/**
 * The compact layout: one table row per reel with its first snippet (and, in fuzzy mode, the
 * foldings its hits needed); headers sort in exact mode.
 */
import { Button, makeStyles } from "@fluentui/react-components";
import { DocumentTextRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { type Script, sutraName } from "../../../contract/names.ts";
import type { SearchItem } from "../../../contract/search.ts";
import type { Folding, SearchSort } from "../../../contract/search-options.ts";
import { resultYears } from "../../../contract/search-result-lines.ts";
import { type DataColumn, DataTable } from "../../ui/DataTable.tsx";
import { SnippetFoldings } from "./FoldingChips.tsx";
import { HighlightedText } from "./HighlightedText.tsx";
import { searchText as t } from "./messages.ts";
import { type Preview, SnippetLink } from "./ResultCard.tsx";
import { asSort } from "./searchParams.ts";

const useStyles = makeStyles({ snippet: { display: "flex", alignItems: "flex-start", gap: "4px" } });

export function CompactResults(props: {
  items: SearchItem[];
  script: Script;
  onPreview(preview: Preview): void;
  onFoldingOff(folding: Folding): void;
  sort?: SearchSort | undefined;
  onSort?: ((sort: SearchSort) => void) | undefined;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { onSort } = props;
  const columns: DataColumn<SearchItem>[] = [
    {
      id: "sutra",
      label: i18n._(t.sutra),
      sortKey: "sutra_uid",
      width: "24%",
      render: (item) => {
        const first = item.txts[0];
        const name = `${item.sutra_uid} ${sutraName(item.sutra_name, props.script)}`;
        return first ? (
          <SnippetLink reelUid={item.reel_uid} cid={first.cid}>
            {name}
          </SnippetLink>
        ) : (
          name
        );
      },
    },
    { id: "reel", label: i18n._(t.reel), width: "10%", render: (item) => item.reel_name },
    {
      id: "author",
      label: i18n._(t.author),
      sortKey: "start_year",
      width: "16%",
      render: (item) => [item.dynasty_author, resultYears(item)].filter((part) => part !== "").join(" "),
    },
    {
      id: "hits",
      label: i18n._(t.hitCount),
      sortKey: "hit",
      numeric: true,
      width: "8%",
      render: (item) => item.keyword_count,
    },
    {
      id: "snippet",
      label: i18n._(t.snippet),
      render: (item) => {
        const first = item.txts[0];
        if (!first) return null;
        return (
          <span className={styles.snippet}>
            <span>
              <HighlightedText text={first.text} highlights={first.highlights} />
            </span>
            <Button
              size="small"
              appearance="transparent"
              icon={<DocumentTextRegular />}
              aria-label={i18n._(t.preview)}
              title={i18n._(t.preview)}
              data-preview-open
              onClick={() => props.onPreview({ item, snippet: first })}
            />
            <SnippetFoldings foldings={first.foldings} onSwitchOff={props.onFoldingOff} />
          </span>
        );
      },
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={props.items}
      rowKey={(item) => item.reel_uid}
      rowAttributes={(item) => ({ "data-result": item.reel_uid, "data-result-sutra": item.sutra_uid })}
      ariaLabel={i18n._(t.results)}
      {...(props.sort ? { sortBy: props.sort } : {})}
      {...(onSort ? { onSort: (sortBy: string) => onSort(asSort(sortBy)) } : {})}
    />
  );
}
