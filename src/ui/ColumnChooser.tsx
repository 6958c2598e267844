/** A menu of checkboxes choosing which columns of a table show; the last one cannot be unchecked. */
import {
  Button,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
} from "@fluentui/react-components";
import { ColumnTripleEditRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { chooseColumns } from "./columns.ts";
import { uiText as t } from "./messages.ts";

export type ChoosableColumn = { id: string; label: string };

export function ColumnChooser(props: {
  columns: readonly ChoosableColumn[];
  visible: readonly string[];
  onChange(visible: string[]): void;
}) {
  const { i18n } = useLingui();
  const [warn, setWarn] = useState(false);
  const all = props.columns.map((column) => column.id);
  return (
    <Menu
      checkedValues={{ columns: [...props.visible] }}
      onCheckedValueChange={(_, data) => {
        const next = chooseColumns(all, data.checkedItems);
        setWarn(next === null);
        if (next) props.onChange(next);
      }}
      onOpenChange={(_, data) => !data.open && setWarn(false)}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button icon={<ColumnTripleEditRegular />} data-column-chooser>
          {i18n._(t.columns)}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {props.columns.map((column) => (
            <MenuItemCheckbox key={column.id} name="columns" value={column.id}>
              {column.label}
            </MenuItemCheckbox>
          ))}
        </MenuList>
        {warn && (
          <MessageBar intent="warning">
            <MessageBarBody>{i18n._(t.keepOneColumn)}</MessageBarBody>
          </MessageBar>
        )}
      </MenuPopover>
    </Menu>
  );
}
