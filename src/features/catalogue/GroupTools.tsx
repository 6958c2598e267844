/** The sutra list's group tools for a signed-in reader: filter by group, add the selected sutras. */
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Select,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { addSutrasToGroup } from "../../api/groups.ts";
import { useServices } from "../../app/shell/services.ts";
import { groupText as t } from "./messages.ts";
import type { SutraGroups } from "./useSutraGroups.ts";

export function GroupFilter(props: { state: SutraGroups; value: string; onChange(name: string): void }) {
  const { i18n } = useLingui();
  if (!props.state.signedIn || props.state.groups.length === 0) return null;
  return (
    <Select
      name="group_filter"
      aria-label={i18n._(t.filter)}
      value={props.value}
      onChange={(_, data) => props.onChange(data.value)}
    >
      <option value="">{i18n._(t.allSutras)}</option>
      {props.state.groups.map((group) => (
        <option key={group._id} value={group.name}>
          {group.name}
        </option>
      ))}
    </Select>
  );
}

export function AddToGroup(props: {
  state: SutraGroups;
  tripitakaUid: string;
  selected: string[];
  onDone(): void;
}) {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  if (!props.state.signedIn || props.state.groups.length === 0) return null;
  const add = async (name: string) => {
    await addSutrasToGroup(api, props.tripitakaUid, name, props.selected);
    events.emit("success", i18n._(t.added));
    props.state.reload();
    props.onDone();
  };
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          data-add-to-group
          disabled={props.selected.length === 0}
          title={props.selected.length === 0 ? i18n._(t.selectSutras) : undefined}
        >
          {i18n._(t.addToGroup)}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {props.state.groups.map((group) => (
            <MenuItem key={group._id} onClick={() => void add(group.name)}>
              {group.name}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
