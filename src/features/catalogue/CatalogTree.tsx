/**
 * The drawer's catalog tab: the tripitaka's categories with their sutras, built from its full
 * sutra list (refreshed incrementally). A sutra opens at its first reel.
 */
import {
  makeStyles,
  SearchBox,
  Text,
  Tree,
  TreeItem,
  TreeItemLayout,
  type TreeItemValue,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import { type Script, sutraName, tripitakaName } from "../../../contract/names.ts";
import { catalogue } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { LazyDownloadButton } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { useCatalogue } from "./CatalogueContext.tsx";
import { categoryTree, filterTree } from "./catalogTree.ts";
import { drawerText as d, groupText } from "./messages.ts";
import { SutraLink } from "./SutraLink.tsx";

/** Up to this many sutras every category starts open. */
const OPEN_ALL_MAX = 500;

const useStyles = makeStyles({
  aside: { color: tokens.colorNeutralForeground3, marginLeft: tokens.spacingHorizontalS },
});

export function CatalogTree(props: { tripitakaUid: string; script: Script }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { sutraIndex, refreshSutraIndex } = useCatalogue();
  const load = useLoad(`sutra-index:${props.tripitakaUid}`, (signal) =>
    refreshSutraIndex(props.tripitakaUid, signal),
  );
  const index = load.data ?? sutraIndex(props.tripitakaUid);
  const tree = useMemo(() => categoryTree(index?.sutras ?? []), [index]);
  const [filter, setFilter] = useState("");
  const [openItems, setOpenItems] = useState<TreeItemValue[] | null>(null);
  const shown = filterTree(tree, filter);
  const allKeys = tree.map((branch) => branch.key);
  const open =
    filter.trim() !== ""
      ? shown.map((branch) => branch.key)
      : (openItems ?? ((index?.sutras.length ?? 0) <= OPEN_ALL_MAX ? allKeys : []));

  return (
    <div className={stack.m} data-catalog-tree>
      <SearchBox
        value={filter}
        placeholder={i18n._(d.catalogFilter)}
        aria-label={i18n._(d.catalogFilter)}
        onChange={(_, data) => setFilter(data.value)}
      />
      {!index && <ReadingStatus load={load} />}
      {index && shown.length === 0 && <Text>{i18n._(catalogue.noSutras)}</Text>}
      <Tree
        aria-label={i18n._(d.catalog)}
        openItems={open}
        onOpenChange={(_, data) => setOpenItems([...data.openItems])}
      >
        {shown.map((branch) => (
          <TreeItem key={branch.key} itemType="branch" value={branch.key} data-category={branch.key}>
            <TreeItemLayout
              aside={
                <>
                  <Text size={200} className={styles.aside}>
                    {tr(i18n, groupText.sutraCount, { count: branch.sutras.length })}
                  </Text>
                  {branch.key !== "category-none" && (
                    <LazyDownloadButton
                      tripitakaUid={props.tripitakaUid}
                      scope={{ kind: "category", category: branch.key.replace("category-", "") }}
                      title={branch.name === null ? "" : tripitakaName(branch.name, props.script)}
                      action={downloadText.downloadCategory}
                      iconOnly
                    />
                  )}
                </>
              }
            >
              {branch.name === null ? i18n._(d.uncategorized) : tripitakaName(branch.name, props.script)}
            </TreeItemLayout>
            <Tree>
              {branch.sutras.map((sutra) => (
                <TreeItem key={sutra.uid} itemType="leaf" value={`${branch.key}/${sutra.uid}`}>
                  <TreeItemLayout
                    aside={
                      <Text size={200} className={styles.aside}>
                        {tr(i18n, d.reels, { count: sutra.actual_reel_cnt })}
                      </Text>
                    }
                  >
                    <SutraLink sutra={sutra}>
                      {sutra.uid} {sutraName(sutra.name, props.script)}
                    </SutraLink>
                  </TreeItemLayout>
                </TreeItem>
              ))}
            </Tree>
          </TreeItem>
        ))}
      </Tree>
    </div>
  );
}
