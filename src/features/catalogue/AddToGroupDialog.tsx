/**
 * Adds the selected sutras to one of the reader's groups (476 px wide, the group table at most
 * 400 px high), or to a group created here.
 */
import { Button, makeStyles, Radio, RadioGroup, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { SutraGroup } from "../../../contract/personal.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { DataTable } from "../../ui/DataTable.tsx";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { GroupNameDialog } from "./GroupNameDialog.tsx";
import { drawerText as d, groupText as t } from "./messages.ts";
import type { SutraGroups } from "./useSutraGroups.ts";

export const GROUP_MODAL_WIDTH = "476px";
export const GROUP_TABLE_MAX_HEIGHT = "400px";

const useStyles = makeStyles({
  surface: { width: GROUP_MODAL_WIDTH, maxWidth: "100vw" },
  bar: { display: "flex", justifyContent: "space-between", alignItems: "center" },
});

export function AddToGroupDialog(props: {
  tripitakaUid: string;
  state: SutraGroups;
  selected: readonly string[];
  onDone(): void;
  onClose(): void;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { events } = useServices();
  const [chosen, setChosen] = useState(props.state.groups[0]?.name ?? "");
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    try {
      await props.state.addSutras(chosen, [...props.selected]);
      events.emit("success", i18n._(t.added));
      props.state.reload();
      props.onDone();
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    {
      id: "name",
      label: i18n._(d.groupColumn),
      render: (group: SutraGroup) => <Radio value={group.name} label={group.name} />,
    },
    {
      id: "count",
      label: i18n._(d.countColumn),
      numeric: true,
      render: (group: SutraGroup) => group.sutra_uids.length,
    },
  ];

  return (
    <ModalDialog
      title={i18n._(d.addTitle)}
      onClose={props.onClose}
      className={styles.surface}
      contentClassName={stack.s}
      data-add-dialog
      actions={
        <>
          <Button onClick={props.onClose}>{i18n._(t.cancel)}</Button>
          <Button
            appearance="primary"
            disabled={busy || chosen === "" || props.selected.length === 0}
            onClick={() => void add()}
          >
            {i18n._(d.confirmAdd)}
          </Button>
        </>
      }
      after={
        naming && (
          <GroupNameDialog
            title={t.newGroup}
            onClose={() => setNaming(false)}
            onSave={async (name) => {
              await props.state.create(name);
              events.emit("success", i18n._(t.created));
              props.state.reload();
              setChosen(name);
              setNaming(false);
            }}
          />
        )
      }
    >
      <div className={styles.bar}>
        <Text>{tr(i18n, d.selectedCount, { count: props.selected.length })}</Text>
        <Button size="small" onClick={() => setNaming(true)}>
          {i18n._(t.newGroup)}
        </Button>
      </div>
      {props.state.groups.length === 0 ? (
        <Text>{i18n._(t.noGroups)}</Text>
      ) : (
        <RadioGroup
          value={chosen}
          aria-label={i18n._(d.groupColumn)}
          onChange={(_, data) => setChosen(data.value)}
        >
          <DataTable
            columns={columns}
            rows={props.state.groups}
            rowKey={(group) => String(group._id)}
            rowAttributes={(group) => ({ "data-target-group": group.name })}
            ariaLabel={i18n._(d.groupColumn)}
            maxHeight={GROUP_TABLE_MAX_HEIGHT}
          />
        </RadioGroup>
      )}
    </ModalDialog>
  );
}
