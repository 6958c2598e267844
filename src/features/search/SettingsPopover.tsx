/**
 * The search settings popover, loaded when the settings button is first pressed: the text type
 * results show in and the keyword's conversion (auto, to traditional, to simplified, none).
 */
import {
  Button,
  Field,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Select,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { TRANS_MODES } from "../../../contract/search-options.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import { searchText as t, transModeText, txtTypeText } from "./messages.ts";
import { type SearchSettings, textChoice } from "./searchSettings.ts";

const useStyles = makeStyles({
  surface: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, width: "240px" },
});

export function SettingsPopover(props: {
  settings: SearchSettings;
  /** The address's text type, which wins over the reader's choice. */
  txtType: TxtType | null;
  locale: string;
  onChange(next: SearchSettings): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [open, setOpen] = useState(true);
  const shown = textChoice(props.txtType, props.settings, props.locale);
  return (
    <Popover positioning="below-end" open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <PopoverTrigger disableButtonEnhancement>
        <Button data-search-settings>{i18n._(t.settings)}</Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} data-search-settings-panel>
        <Field label={i18n._(t.textType)}>
          <Select
            name="search_txt_type"
            value={shown.txtType}
            onChange={(_, data) => {
              const txtType = txtTypes.find((type) => type === data.value);
              if (!txtType) return;
              props.onChange({ ...props.settings, textType: txtType });
            }}
          >
            {txtTypes.map((type) => (
              <option key={type} value={type}>
                {i18n._(txtTypeText[type])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={i18n._(t.conversion)}>
          <Select
            name="trans_mode"
            value={shown.transMode}
            onChange={(_, data) => {
              const transMode = TRANS_MODES.find((mode) => mode === data.value);
              if (transMode) props.onChange({ ...props.settings, transMode });
            }}
          >
            {TRANS_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {i18n._(transModeText[mode])}
              </option>
            ))}
          </Select>
        </Field>
      </PopoverSurface>
    </Popover>
  );
}
