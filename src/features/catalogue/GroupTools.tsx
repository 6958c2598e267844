/**
 * The sutra list's group tools: the custom-group filter (a signed-in reader with groups) and
 * "add to group" for the selected sutras (a guest is asked to sign in first).
 */
import { Button, Field, Select } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { LoginPrompt } from "../account/LoginPrompt.tsx";
import { AddToGroupDialog } from "./AddToGroupDialog.tsx";
import { drawerText as d, groupText as t } from "./messages.ts";
import type { SutraGroups } from "./useSutraGroups.ts";

export function GroupFilter(props: { state: SutraGroups; value: string; onChange(name: string): void }) {
  const { i18n } = useLingui();
  if (!props.state.signedIn || props.state.groups.length === 0) return null;
  return (
    <Field label={i18n._(d.groupFilter)}>
      <Select name="group_filter" value={props.value} onChange={(_, data) => props.onChange(data.value)}>
        <option value="">{i18n._(t.allSutras)}</option>
        {props.state.groups.map((group) => (
          <option key={group._id} value={group.name}>
            {group.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function AddToGroup(props: {
  state: SutraGroups;
  tripitakaUid: string;
  selected: readonly string[];
  onDone(): void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const none = props.selected.length === 0;
  return (
    <>
      <Button
        data-add-to-group
        disabled={props.state.signedIn && none}
        title={none ? i18n._(t.selectSutras) : undefined}
        onClick={() => setOpen(true)}
      >
        {i18n._(t.addToGroup)}
      </Button>
      {!props.state.signedIn && <LoginPrompt open={open} onClose={() => setOpen(false)} />}
      {props.state.signedIn && open && (
        <AddToGroupDialog
          tripitakaUid={props.tripitakaUid}
          state={props.state}
          selected={props.selected}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            props.onDone();
          }}
        />
      )}
    </>
  );
}
