/**
 * The drawer's group tab: the reader's groups in order, searchable by group or sutra name, created,
 * renamed, moved up and down by swapping `sn`, deleted (asking first when not empty), and their
 * sutras opened at their first reel or removed one by one.
 */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  type AccordionToggleData,
  Button,
  makeStyles,
  SearchBox,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import type { Sutra } from "../../../contract/canon.ts";
import { type Script, sutraName } from "../../../contract/names.ts";
import type { SutraGroup } from "../../../contract/personal.ts";
import { swapOrder } from "../../api/groups.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { LazyDownloadButton } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { useCatalogue } from "./CatalogueContext.tsx";
import { GroupNameDialog } from "./GroupNameDialog.tsx";
import { filterGroups } from "./groupSearch.ts";
import { drawerText as d, groupText as t } from "./messages.ts";
import { SutraLink } from "./SutraLink.tsx";
import type { SutraGroups } from "./useSutraGroups.ts";

const useStyles = makeStyles({
  actions: {
    display: "flex",
    gap: tokens.spacingHorizontalXS,
    flexWrap: "wrap",
    marginBottom: tokens.spacingVerticalS,
  },
  sutra: { display: "flex", justifyContent: "space-between", alignItems: "center" },
});

type Editing = { kind: "new" } | { kind: "rename"; group: SutraGroup } | null;

export function GroupPanel(props: { tripitakaUid: string; state: SutraGroups; script: Script }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { events } = useServices();
  const { sutraIndex, refreshSutraIndex } = useCatalogue();
  const [editing, setEditing] = useState<Editing>(null);
  const [filter, setFilter] = useState("");
  const [openItems, setOpenItems] = useState<AccordionToggleData["openItems"]>([]);
  const { groups, reload, ...change } = props.state;
  const uid = props.tripitakaUid;
  const load = useLoad(`sutra-index:${uid}`, (signal) => refreshSutraIndex(uid, signal));
  const known = load.data ?? sutraIndex(uid);
  const sutras = useMemo(() => new Map<string, Sutra>((known?.sutras ?? []).map((s) => [s.uid, s])), [known]);
  const shown = filterGroups(groups, filter, (sutraUid) => sutras.get(sutraUid)?.name ?? "");

  const act = async (run: () => Promise<unknown>, done = t.updated) => {
    try {
      await run();
      events.emit("success", i18n._(done));
    } finally {
      reload();
    }
  };

  const remove = (group: SutraGroup) => {
    const sure =
      group.sutra_uids.length === 0 ||
      window.confirm(tr(i18n, t.confirmDelete, { name: group.name, count: group.sutra_uids.length }));
    if (sure) void act(() => change.remove(group._id));
  };

  const move = (index: number, direction: -1 | 1) => {
    const order = swapOrder(groups, index, direction);
    if (order) void act(() => change.reorder(order));
  };

  return (
    <div className={stack.m}>
      <div>
        <Button appearance="primary" onClick={() => setEditing({ kind: "new" })}>
          {i18n._(t.newGroup)}
        </Button>
      </div>
      <SearchBox
        value={filter}
        placeholder={i18n._(d.groupSearch)}
        aria-label={i18n._(d.groupSearch)}
        onChange={(_, data) => setFilter(data.value)}
      />
      {groups.length === 0 && <Text>{i18n._(t.noGroups)}</Text>}
      <Accordion
        multiple
        collapsible
        openItems={filter.trim() ? shown.map(({ group }) => group._id) : openItems}
        onToggle={(_, data) => setOpenItems(data.openItems)}
      >
        {shown.map(({ group, sutraUids }) => {
          const index = groups.indexOf(group);
          return (
            <AccordionItem key={group._id} value={group._id} data-group={group.name}>
              <AccordionHeader>
                {group.name} · {tr(i18n, t.sutraCount, { count: group.sutra_uids.length })}
              </AccordionHeader>
              <AccordionPanel>
                <div className={styles.actions}>
                  <Button size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                    {i18n._(t.moveUp)}
                  </Button>
                  <Button size="small" disabled={index === groups.length - 1} onClick={() => move(index, 1)}>
                    {i18n._(t.moveDown)}
                  </Button>
                  <Button size="small" onClick={() => setEditing({ kind: "rename", group })}>
                    {i18n._(t.rename)}
                  </Button>
                  <Button size="small" onClick={() => remove(group)}>
                    {i18n._(t.delete)}
                  </Button>
                  <LazyDownloadButton
                    tripitakaUid={uid}
                    scope={{ kind: "group", group_name: group.name }}
                    title={group.name}
                    action={downloadText.downloadGroup}
                  />
                </div>
                {sutraUids.map((sutraUid) => (
                  <div key={sutraUid} className={styles.sutra} data-group-sutra={sutraUid}>
                    <SutraEntry sutraUid={sutraUid} sutra={sutras.get(sutraUid)} script={props.script} />
                    <Button
                      size="small"
                      appearance="subtle"
                      onClick={() => void act(() => change.removeSutra(group.name, sutraUid))}
                    >
                      {i18n._(t.remove)}
                    </Button>
                  </div>
                ))}
              </AccordionPanel>
            </AccordionItem>
          );
        })}
      </Accordion>
      {editing && (
        <GroupNameDialog
          title={editing.kind === "new" ? t.newGroup : t.rename}
          {...(editing.kind === "rename" ? { initial: editing.group.name } : {})}
          onClose={() => setEditing(null)}
          onSave={async (name) => {
            await act(
              () => (editing.kind === "new" ? change.create(name) : change.rename(editing.group._id, name)),
              editing.kind === "new" ? t.created : t.updated,
            );
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

function SutraEntry(props: { sutraUid: string; sutra: Sutra | undefined; script: Script }) {
  if (!props.sutra) return <Text>{props.sutraUid}</Text>;
  return (
    <SutraLink sutra={props.sutra}>
      {props.sutraUid} {sutraName(props.sutra.name, props.script)}
    </SutraLink>
  );
}
