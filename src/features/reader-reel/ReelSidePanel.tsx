/**
 * The reel catalogue side panel (spec sections 2 and 9): 256 px, collapsible, with the sutra's
 * contents tree (a node opens its reel at its line) and its reel list (the current reel marked).
 */
import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { PanelLeftContractRegular, PanelLeftExpandRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import type { TxtType } from "../../../contract/tripitaka.ts";
import type { SutraCatalog } from "../../api/reelReader.ts";
import { common } from "../../i18n/messages.ts";
import { LoadingRing } from "../../ui/LoadingRing.tsx";
import { OutlineTree } from "../../ui/OutlineTree.tsx";
import { PanelTabs } from "../../ui/PanelTabs.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { indexTree, initialOpenItems, nodeLabel, type TreeEntry } from "./catalogTree.ts";
import { panelText } from "./messages.ts";

export const SIDE_PANEL_WIDTH = 256;

const useStyles = makeStyles({
  panel: {
    flex: `0 0 ${SIDE_PANEL_WIDTH}px`,
    width: `${SIDE_PANEL_WIDTH}px`,
    position: "sticky",
    top: 0,
    alignSelf: "flex-start",
    maxHeight: "100vh",
    display: "flex",
    flexDirection: "column",
    borderRightWidth: tokens.strokeWidthThin,
    borderRightStyle: "solid",
    borderRightColor: tokens.colorNeutralStroke2,
    boxSizing: "border-box",
  },
  collapsed: { flexBasis: "auto", width: "auto", borderRightStyle: "none" },
  head: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  tabs: { flex: "1 1 auto" },
  body: { overflowY: "auto", flex: "1 1 auto", paddingRight: tokens.spacingHorizontalS },
  volumes: { listStyleType: "none", margin: 0, paddingLeft: 0 },
  volume: {
    display: "block",
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    paddingLeft: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
  },
  current: {
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  currentReelNode: { color: tokens.colorBrandForeground1 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingHorizontalS },
});

type PanelTab = "contents" | "volumes";

type Props = {
  reelUid: string;
  txtType: TxtType;
  catalog: SutraCatalog | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
};

export function ReelSidePanel({ reelUid, txtType, catalog, open, onOpenChange }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [tab, setTab] = useState<PanelTab>("contents");
  const toggle = (
    <Button
      appearance="subtle"
      icon={open ? <PanelLeftContractRegular /> : <PanelLeftExpandRegular />}
      aria-label={i18n._(open ? panelText.collapse : panelText.expand)}
      title={i18n._(open ? panelText.collapse : panelText.expand)}
      aria-expanded={open}
      aria-controls="reel-side-panel"
      onClick={() => onOpenChange(!open)}
      data-side-panel-toggle
    />
  );
  if (!open) {
    return (
      <nav
        className={mergeClasses(styles.panel, styles.collapsed)}
        aria-label={i18n._(panelText.label)}
        data-guide-target="catalogue"
      >
        {toggle}
      </nav>
    );
  }
  return (
    <nav
      id="reel-side-panel"
      className={styles.panel}
      aria-label={i18n._(panelText.label)}
      data-guide-target="catalogue"
      data-side-panel
    >
      <div className={styles.head}>
        <PanelTabs<PanelTab>
          className={styles.tabs}
          selected={tab}
          onSelect={setTab}
          tabs={[
            { value: "contents", label: i18n._(panelText.contents), "data-panel-tab": "contents" },
            { value: "volumes", label: i18n._(panelText.volumes), "data-panel-tab": "volumes" },
          ]}
        />
        {toggle}
      </div>
      <div className={styles.body}>
        {!catalog ? (
          <LoadingRing size="tiny" label={i18n._(common.loading)} />
        ) : tab === "contents" ? (
          <ContentsTree key={catalog.sutra_uid} catalog={catalog} reelUid={reelUid} txtType={txtType} />
        ) : (
          <VolumeList catalog={catalog} reelUid={reelUid} />
        )}
      </div>
    </nav>
  );
}

function VolumeList({ catalog, reelUid }: { catalog: SutraCatalog; reelUid: string }) {
  const styles = useStyles();
  return (
    <ol className={styles.volumes} data-volume-list>
      {catalog.reels.map((reel) => {
        const current = reel.uid === reelUid;
        return (
          <li key={reel.uid}>
            <RouterLink
              to="/scroll/$reelUid"
              params={{ reelUid: reel.uid }}
              className={mergeClasses(styles.volume, current && styles.current)}
              aria-current={current ? "page" : undefined}
              data-volume={reel.uid}
            >
              {reel.name}
            </RouterLink>
          </li>
        );
      })}
    </ol>
  );
}

function ContentsTree({
  catalog,
  reelUid,
  txtType,
}: {
  catalog: SutraCatalog;
  reelUid: string;
  txtType: TxtType;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const entries = useMemo(() => indexTree(catalog.tree), [catalog]);
  const [openItems, setOpenItems] = useState<ReadonlySet<string>>(
    () => new Set(initialOpenItems(entries, reelUid)),
  );
  if (entries.length === 0) return <Text className={styles.empty}>{i18n._(panelText.noContents)}</Text>;

  return (
    <OutlineTree<TreeEntry>
      nodes={entries}
      label={i18n._(panelText.contents)}
      openItems={openItems}
      onOpenChange={setOpenItems}
      onChoose={(entry) =>
        void navigate({
          to: "/scroll/$reelUid",
          params: { reelUid: entry.node.reel_uid },
          search: { cid: entry.node.line_uid },
        })
      }
      renderLabel={(entry) => nodeLabel(entry.node, txtType)}
      labelClassName={(entry) => (entry.node.reel_uid === reelUid ? styles.currentReelNode : undefined)}
      itemData={(entry) => ({ "data-line-uid": entry.node.line_uid, "data-node-reel": entry.node.reel_uid })}
      data-contents-tree=""
    />
  );
}
