/** The reel reader's display settings popover: text type, sizes and spacing, line and punctuation switches. */
import {
  Button,
  Field,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Select,
  SpinButton,
  Switch,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { txtTypes } from "../../../contract/tripitaka.ts";
import { readerText as t } from "./messages.ts";
import { LIMITS, normaliseSettings, type ReadingSettings } from "./readingSettings.ts";

const useStyles = makeStyles({
  surface: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, width: "260px" },
});

type NumberKey = keyof typeof LIMITS;

export function SettingsPanel(props: { settings: ReadingSettings; onChange(next: ReadingSettings): void }) {
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
  return (
    <Popover positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button data-reader-settings>{i18n._(t.settings)}</Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface}>
        <Field label={i18n._(t.textType)}>
          <Select
            name="text_type"
            value={settings.textType}
            onChange={(_, data) =>
              set({ textType: txtTypes.find((type) => type === data.value) ?? settings.textType })
            }
          >
            {txtTypes.map((type) => (
              <option key={type} value={type}>
                {i18n._(t[type])}
              </option>
            ))}
          </Select>
        </Field>
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
      </PopoverSurface>
    </Popover>
  );
}
