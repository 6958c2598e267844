/**
 * The left filter panel (spec sections 2 and 4): 227 px, hidden on small screens; one group per
 * kind of hit statistics (custom groups, categories, dynasties, authors) listing each option with
 * its reels and hits. One group expands by itself after new statistics; changing mode collapses
 * them all; Apply shows only when the selection differs from the applied one; Clear all only when
 * something is selected.
 */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  type AccordionToggleData,
  Button,
  Checkbox,
  makeStyles,
  mergeClasses,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { type Script, tripitakaName } from "../../../contract/names.ts";
import type { HitStats } from "../../../contract/search.ts";
import type { SearchMode } from "../../../contract/search-options.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { showCount } from "./count.ts";
import {
  autoExpandedGroup,
  FILTER_GROUPS,
  type FilterGroup,
  type FilterSelection,
  groupOptions,
  hasSelection,
  NO_SELECTION,
  sameSelection,
  toggleOption,
} from "./filterPanel.ts";
import { groupText, searchText as t } from "./messages.ts";
import { FILTER_PANEL_WIDTH } from "./splitSize.ts";

const useStyles = makeStyles({
  panel: {
    flex: `0 0 ${FILTER_PANEL_WIDTH}px`,
    width: `${FILTER_PANEL_WIDTH}px`,
    "@media (max-width: 1023px)": { display: "none" },
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, minHeight: "32px" },
  option: { display: "flex", flexDirection: "column" },
  counts: { color: tokens.colorNeutralForeground3, marginLeft: "32px", marginTop: "-6px" },
});

type Props = {
  stats: HitStats | undefined;
  /** Names the query the statistics answer: a new key expands one group again. */
  statsKey: string;
  mode: SearchMode;
  applied: FilterSelection;
  onApply(selection: FilterSelection): void;
  signedIn: boolean;
  script: Script;
};

export function FilterPanel(props: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { applied, stats } = props;
  const [selection, setSelection] = useState(applied);
  const [appliedShown, setAppliedShown] = useState(applied);
  const [openGroups, setOpenGroups] = useState<FilterGroup[]>([]);
  const [statsSeen, setStatsSeen] = useState<string | null>(null);
  const [modeSeen, setModeSeen] = useState(props.mode);

  if (!sameSelection(applied, appliedShown)) {
    setAppliedShown(applied);
    setSelection(applied);
  }
  if (props.mode !== modeSeen) {
    setModeSeen(props.mode);
    setOpenGroups([]);
  }
  if (stats && props.statsKey !== statsSeen) {
    setStatsSeen(props.statsKey);
    const group = autoExpandedGroup(stats, applied);
    setOpenGroups(group ? [group] : []);
  }

  const groups = FILTER_GROUPS.filter((group) => group !== "sutra_group_names" || props.signedIn)
    .map((group) => ({ group, options: groupOptions(stats, group, selection[group]) }))
    .filter(({ options }) => options.length > 0);
  const panelClassName = mergeClasses(stack.s, styles.panel);
  if (groups.length === 0) return <aside className={panelClassName} aria-label={i18n._(t.filters)} />;

  return (
    <aside className={panelClassName} aria-label={i18n._(t.filters)} data-filter-panel>
      <Text weight="semibold">{i18n._(t.filters)}</Text>
      <div className={styles.actions}>
        {!sameSelection(selection, applied) && (
          <Button
            size="small"
            appearance="primary"
            data-filter-apply
            onClick={() => props.onApply(selection)}
          >
            {i18n._(t.apply)}
          </Button>
        )}
        {hasSelection(selection) && (
          <Button size="small" data-filter-clear onClick={() => setSelection(NO_SELECTION)}>
            {i18n._(t.clearAll)}
          </Button>
        )}
      </div>
      <Accordion
        multiple
        collapsible
        openItems={openGroups}
        onToggle={(_, data: AccordionToggleData<FilterGroup>) => setOpenGroups(data.openItems)}
      >
        {groups.map(({ group, options }) => (
          <AccordionItem key={group} value={group} data-filter-group={group}>
            <AccordionHeader size="small">{i18n._(groupText[group])}</AccordionHeader>
            {/* No height animation: measuring each panel for it forced a layout per group on every render. */}
            <AccordionPanel collapseMotion={null}>
              {options.map((option) => {
                const id = String(option.id);
                return (
                  <div key={id} className={styles.option}>
                    <Checkbox
                      data-filter-option={id}
                      checked={selection[group].includes(id)}
                      label={tripitakaName(option.name, props.script)}
                      onChange={(_, data) =>
                        setSelection(toggleOption(selection, group, id, data.checked === true))
                      }
                    />
                    <Text size={200} className={styles.counts}>
                      {tr(i18n, t.optionCounts, {
                        reels: showCount(i18n, option.reel_num),
                        hits: showCount(i18n, option.hit_num),
                      })}
                    </Text>
                  </div>
                );
              })}
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </aside>
  );
}
