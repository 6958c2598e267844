/**
 * The reel reader's display settings popover, loaded when the settings button is first pressed: text type, font type, sizes and spacing, line,
 * punctuation and char-image switches, and the way back to the reading guide and shortcuts.
 */
import { Button, Field, makeStyles, SpinButton, Switch, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { ReactElement, ReactNode } from "react";
import { txtTypes } from "../../../contract/tripitaka.ts";
import { ChoiceSetting, SettingsFrame } from "../../ui/SettingsFrame.tsx";
import { fontTypeText, readerText as t } from "./messages.ts";
import { fontTypes, LIMITS, normaliseSettings, type ReadingSettings } from "./readingSettings.ts";

const useStyles = makeStyles({
  help: { display: "flex", gap: tokens.spacingHorizontalS },
});

type NumberKey = keyof typeof LIMITS;
type SwitchKey = "lineShow" | "lineHeadShow" | "punctuationShow" | "charImageShow";

export type SettingsProps = {
  settings: ReadingSettings;
  onChange(next: ReadingSettings): void;
  onGuide(): void;
  onShortcuts(): void;
  /** Settings of parts loaded later (the collation marks). */
  more?: ReactNode;
};

export function SettingsPopover(props: SettingsProps & { button: ReactElement }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { settings } = props;
  const set = (patch: Partial<ReadingSettings>) =>
    props.onChange(normaliseSettings({ ...settings, ...patch }));
  const number = (key: NumberKey) => (
    <Field label={i18n._(t[key])} key={key}>
      <SpinButton
        name={key}
        min={LIMITS[key].min}
        max={LIMITS[key].max}
        value={settings[key]}
        onChange={(_, data) => {
          const value = data.value ?? Number(data.displayValue);
          if (Number.isFinite(value)) set({ [key]: value });
        }}
      />
    </Field>
  );
  const toggle = (key: SwitchKey, name: string, disabled = false) => (
    <Switch
      key={key}
      name={name}
      checked={settings[key]}
      disabled={disabled}
      label={i18n._(t[key])}
      onChange={(_, data) => set({ [key]: data.checked })}
    />
  );
  return (
    <SettingsFrame button={props.button} width="260px">
      {(close) => {
        const closeThen = (run: () => void) => () => {
          close();
          run();
        };
        return (
          <>
            <ChoiceSetting
              label={i18n._(t.textType)}
              name="text_type"
              value={settings.textType}
              choices={txtTypes}
              text={(type) => i18n._(t[type])}
              onChange={(textType) => set({ textType })}
            />
            <ChoiceSetting
              label={i18n._(t.fontType)}
              name="font_type"
              value={settings.fontType}
              choices={fontTypes}
              text={(type) => i18n._(fontTypeText[type])}
              onChange={(fontType) => set({ fontType })}
            />
            {number("fontSize")}
            {number("lineSpacing")}
            {number("wordSpacing")}
            {toggle("lineShow", "line_show")}
            {toggle("lineHeadShow", "line_head_show", !settings.lineShow)}
            {toggle("punctuationShow", "punctuation_show")}
            {toggle("charImageShow", "char_image_show")}
            {props.more}
            <div className={styles.help}>
              <Button size="small" data-open-guide onClick={closeThen(props.onGuide)}>
                {i18n._(t.openGuide)}
              </Button>
              <Button size="small" data-open-shortcuts onClick={closeThen(props.onShortcuts)}>
                {i18n._(t.openShortcuts)}
              </Button>
            </div>
          </>
        );
      }}
    </SettingsFrame>
  );
}
