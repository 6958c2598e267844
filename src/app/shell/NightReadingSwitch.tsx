/** The night-reading switch of a signed-in reader's reading screens. */
import { Switch } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { common } from "../../i18n/messages.ts";

export function NightReadingSwitch(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  labelClassName: string;
}) {
  const { i18n } = useLingui();
  return (
    <Switch
      checked={props.checked}
      onChange={(_, data) => props.onChange(data.checked)}
      label={<span className={props.labelClassName}>{i18n._(common.nightReading)}</span>}
    />
  );
}
