/**
 * A file field in the app's own look: a button that opens the browser's file chooser and the
 * chosen file's name beside it. The native input stays in the form (hidden) so the choice is
 * the browser's own; `file` is controlled, and clearing it empties the input too.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { AttachRegular } from "@fluentui/react-icons";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { type ButtonHTMLAttributes, useEffect, useRef } from "react";
import { uiText } from "./messages.ts";

const useStyles = makeStyles({
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", minWidth: 0 },
  none: { color: tokens.colorNeutralForeground3 },
});

export function FilePicker(props: {
  name: string;
  accept: string;
  file: File | null;
  onChange(file: File | null): void;
  /** The button's text; "Choose a file" when not given. */
  label?: MessageDescriptor;
  /** What a surrounding Fluent `Field` hands its control (id, aria-describedby, aria-invalid). */
  fieldProps?: ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.file === null && input.current) input.current.value = "";
  }, [props.file]);
  return (
    <div className={styles.row}>
      <input
        ref={input}
        type="file"
        hidden
        name={props.name}
        accept={props.accept}
        onChange={(event) => props.onChange(event.target.files?.[0] ?? null)}
      />
      <Button
        {...props.fieldProps}
        type="button"
        icon={<AttachRegular />}
        onClick={() => input.current?.click()}
        data-file-picker={props.name}
      >
        {i18n._(props.label ?? uiText.chooseFile)}
      </Button>
      <Text className={props.file ? styles.name : styles.none} data-file-name>
        {props.file ? props.file.name : i18n._(uiText.noFileChosen)}
      </Text>
    </div>
  );
}
