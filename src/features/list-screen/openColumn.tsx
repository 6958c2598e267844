/** The last column of a list whose rows open in a drawer: a small button opening the row's. */
import { Button } from "@fluentui/react-components";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { DataColumn } from "../../ui/DataTable.tsx";
import type { DataAttributes } from "../../ui/dataAttributes.ts";
import { listScreenText } from "./text.ts";

export function openColumn<Row extends { _id: number }>(
  i18n: I18n,
  open: (id: number) => void,
  button: (row: Row) => { text: MessageDescriptor } & DataAttributes,
): DataColumn<Row> {
  return {
    id: "action",
    label: i18n._(listScreenText.actions),
    width: "80px",
    render: (row) => {
      const { text, ...data } = button(row);
      return (
        <Button size="small" onClick={() => open(row._id)} {...data}>
          {i18n._(text)}
        </Button>
      );
    },
  };
}
