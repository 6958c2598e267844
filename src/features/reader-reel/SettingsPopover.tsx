/**
 * The reel reader's display settings popover, loaded when the settings button is first pressed: text type, font type, sizes and spacing, line,
 * punctuation and char-image switches, and the way back to the reading guide and shortcuts.
 */
import { Button, Field, makeStyles, SpinButton, Switch, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type ReactNode, useState } from "react";
import { txtTypes } from "../../../contract/tripitaka.ts";
import { ChoiceSetting, SettingsFrame } from "../../ui/SettingsFrame.tsx";
import { fontTypeText, readerText as t } from "./messages.ts";
import { fontTypes, LIMITS, normaliseSettings, type ReadingSettings } from "./readingSettings.ts";

const useStyles = makeStyles({
  help: { display: "flex", gap: tokens.spacingHorizontalS },
});

type NumberKey = keyof typeof LIMITS;

export type SettingsProps = {
  settings: ReadingSettings;
  onChange(next: ReadingSettings): void;
  onGuide(): void;
  onShortcuts(): void;
  /** Settings of parts loaded later (the collation marks). */
  more?: ReactNode;
};

export function SettingsPopover(props: SettingsProps & { initiallyOpen: boolean }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { settings } = props;
  const [open, setOpen] = useState(props.initiallyOpen);
  const closeThen = (run: () => void) => () => {
    setOpen(false);
    run();
  };
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
  return (
    <SettingsFrame
      button={<Button data-reader-settings>{i18n._(t.settings)}</Button>}
      open={open}
      onOpenChange={setOpen}
      width="260px"
    >
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
      <Switch
        name="line_show"
        checked={settings.lineShow}
        label={i18n._(t.lineShow)}
        onChange={(_, data) => set({ lineShow: data.checked })}
      />
      <Switch
        name="line_head_show"
        checked={settings.lineHeadShow}
        disabled={!settings.lineShow}
        label={i18n._(t.lineHeadShow)}
        onChange={(_, data) => set({ lineHeadShow: data.checked })}
      />
      <Switch
        name="punctuation_show"
        checked={settings.punctuationShow}
        label={i18n._(t.punctuationShow)}
        onChange={(_, data) => set({ punctuationShow: data.checked })}
      />
      <Switch
        name="char_image_show"
        checked={settings.charImageShow}
        label={i18n._(t.charImageShow)}
        onChange={(_, data) => set({ charImageShow: data.checked })}
      />
      {props.more}
      <div className={styles.help}>
        <Button size="small" data-open-guide onClick={closeThen(props.onGuide)}>
          {i18n._(t.openGuide)}
        </Button>
        <Button size="small" data-open-shortcuts onClick={closeThen(props.onShortcuts)}>
          {i18n._(t.openShortcuts)}
        </Button>
      </div>
    </SettingsFrame>
  );
}
