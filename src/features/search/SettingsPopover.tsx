/**
 * The search settings popover, loaded when the settings button is first pressed: the text type
 * results show in and the keyword's conversion (auto, to traditional, to simplified, none).
 */
import { useLingui } from "@lingui/react";
import type { ReactElement } from "react";
import { TRANS_MODES } from "../../../contract/search-options.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import { ChoiceSetting, SettingsFrame } from "../../ui/SettingsFrame.tsx";
import { searchText as t, transModeText, txtTypeText } from "./messages.ts";
import { type SearchSettings, textChoice } from "./searchSettings.ts";

export function SettingsPopover(props: {
  settings: SearchSettings;
  /** The address's text type, which wins over the reader's choice. */
  txtType: TxtType | null;
  locale: string;
  onChange(next: SearchSettings): void;
  button: ReactElement;
}) {
  const { i18n } = useLingui();
  const shown = textChoice(props.txtType, props.settings, props.locale);
  return (
    <SettingsFrame button={props.button} width="240px" data-search-settings-panel>
      <ChoiceSetting
        label={i18n._(t.textType)}
        name="search_txt_type"
        value={shown.txtType}
        choices={txtTypes}
        text={(type) => i18n._(txtTypeText[type])}
        onChange={(textType) => props.onChange({ ...props.settings, textType })}
      />
      <ChoiceSetting
        label={i18n._(t.conversion)}
        name="trans_mode"
        value={shown.transMode}
        choices={TRANS_MODES}
        text={(mode) => i18n._(transModeText[mode])}
        onChange={(transMode) => props.onChange({ ...props.settings, transMode })}
      />
    </SettingsFrame>
  );
}
