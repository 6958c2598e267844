/**
 * The quote-copy drawer: the selection as a formatted citation, the persisted quoteCopy settings
 * that shape it, a button copying it to the clipboard, and the source of the CBETA text.
 */
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Switch,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useMemo, useState } from "react";
import type { Reel } from "../../../../contract/canon.ts";
import { tripitakaOf } from "../../../../contract/ids.ts";
import type { SutraCatalog } from "../../../api/reelReader.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { SideDrawer } from "../../../ui/SideDrawer.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { collationText } from "../collation/messages.ts";
import type { CollationView } from "../collationView.ts";
import { readerText } from "../messages.ts";
import {
  formatCitation,
  pageRange,
  type QuoteSettings,
  SUTRA_AFTER,
  SUTRA_BEFORE,
  sutraNumber,
  volumeOf,
} from "./citation.ts";
import { copyText } from "./clipboard.ts";
import { headlineAt } from "./headline.ts";
import { selectionText as t } from "./messages.ts";
import { quoteText, sliceBounds } from "./quoteText.ts";
import type { ReelSelection } from "./readSelection.ts";
import { useQuoteSettings } from "./useQuoteSettings.ts";

const useStyles = makeStyles({
  preview: {
    whiteSpace: "pre-wrap",
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase400,
    paddingTop: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalM,
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    userSelect: "text",
  },
  switches: { display: "flex", flexWrap: "wrap", columnGap: tokens.spacingHorizontalL },
  source: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

type Props = {
  reel: Reel;
  selection: ReelSelection | null;
  catalog?: SutraCatalog | undefined;
  /** The collation notes of a quotation, when the reel has an apparatus. */
  notes?: CollationView["notes"] | undefined;
  onClose(): void;
};

function useTripitakaName(reel: Reel, script: "trad" | "sim"): string {
  const services = useServices();
  const code = tripitakaOf(reel.reel_uid) ?? "";
  const list = useLoad(`tripitakas|${code}`, () => services.tripitakas());
  const found = list.data?.find((tripitaka) => tripitaka.uid === code);
  return found ? (script === "sim" ? found.name_sim : found.name_trad) : code;
}

function useCitation(props: Props, settings: QuoteSettings): string {
  const { i18n } = useLingui();
  const { reel, selection, catalog, notes } = props;
  const script = reel.txt_type === "sim_txt" ? "sim" : "trad";
  const tripitakaName = useTripitakaName(reel, script);
  return useMemo(() => {
    const bounds = selection ? sliceBounds(selection.slices) : null;
    if (!selection || !bounds) return "";
    const collation = settings.showNotes && notes ? notes(selection.slices) : null;
    const text = quoteText(reel, selection.slices, {
      paragraphs: settings.showParagraph,
      punctuation: settings.showSymbol,
      ...(collation ? { marks: collation.marks } : {}),
    });
    const source = {
      dynastyAuthor: reel.dynasty_author,
      sutraName: reel.sutra_name,
      reelName: reel.name,
      headline: catalog ? headlineAt(catalog.tree, reel, bounds.first, script) : null,
      productCode: i18n._(t.productCode),
      textType: i18n._(readerText[reel.txt_type]),
      tripitakaName,
      volume: volumeOf(bounds.first),
      number: sutraNumber(reel.sutra_uid),
      sutraUid: reel.sutra_uid,
      pages: pageRange(bounds.first, bounds.last),
      script,
    } as const;
    const citation = formatCitation(text, source, settings);
    return collation && collation.notes.length > 0 ? [citation, ...collation.notes].join("\n") : citation;
  }, [reel, selection, catalog, notes, settings, tripitakaName, script, i18n]);
}

/** A quote setting chosen from a row of radios. */
function RadioSetting<T extends string | number>(props: {
  label: string;
  name: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange(value: T): void;
}) {
  return (
    <Field label={props.label}>
      <RadioGroup
        name={props.name}
        layout="horizontal"
        value={String(props.value)}
        onChange={(_, data) => {
          const chosen = props.choices.find((choice) => String(choice.value) === data.value);
          if (chosen) props.onChange(chosen.value);
        }}
      >
        {props.choices.map((choice) => (
          <Radio key={choice.value} value={String(choice.value)} label={choice.label} />
        ))}
      </RadioGroup>
    </Field>
  );
}

export function QuoteCopyDrawer(props: Props) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { events } = useServices();
  const [settings, setSettings] = useQuoteSettings();
  const [copyFailed, setCopyFailed] = useState(false);
  const citation = useCitation(props, settings);
  const change = (patch: Partial<QuoteSettings>) => setSettings({ ...settings, ...patch });

  const copy = async () => {
    const copied = await copyText(citation);
    setCopyFailed(!copied);
    if (copied) events.emit("success", i18n._(t.copySuccess));
  };

  return (
    <SideDrawer
      open={props.selection !== null}
      width={520}
      title={i18n._(t.quoteTitle)}
      closeLabel={i18n._(t.quoteTitle)}
      onClose={props.onClose}
      bodyClassName={stack.l}
      footer={
        <Button appearance="primary" onClick={() => void copy()} data-quote-copy>
          {i18n._(t.quoteCopyButton)}
        </Button>
      }
      data={{ "data-quote-drawer": true }}
    >
      <Field label={i18n._(t.quotePreview)}>
        <div className={styles.preview} data-quote-preview lang="zh-Hant">
          {citation}
        </div>
      </Field>
      <RadioSetting
        label={i18n._(t.sutraPosition)}
        name="sutra_position"
        value={settings.sutraPostion}
        choices={[
          { value: SUTRA_AFTER, label: i18n._(t.sutraAfter) },
          { value: SUTRA_BEFORE, label: i18n._(t.sutraBefore) },
        ]}
        onChange={(sutraPostion) => change({ sutraPostion })}
      />
      <RadioSetting
        label={i18n._(t.citeStyle)}
        name="cite_style"
        value={settings.citeStyle}
        choices={[
          { value: "site", label: i18n._(t.citeSite) },
          { value: "cbeta", label: i18n._(t.citeCbeta) },
        ]}
        onChange={(citeStyle) => change({ citeStyle })}
      />
      <div className={styles.switches}>
        <Switch
          name="show_title"
          label={i18n._(t.showTitle)}
          checked={settings.showTitle}
          onChange={(_, data) => change({ showTitle: data.checked })}
        />
        <Switch
          name="show_symbol"
          label={i18n._(t.showSymbol)}
          checked={settings.showSymbol}
          onChange={(_, data) => change({ showSymbol: data.checked })}
        />
        <Switch
          name="show_paragraph"
          label={i18n._(t.showParagraph)}
          checked={settings.showParagraph}
          onChange={(_, data) => change({ showParagraph: data.checked })}
        />
        {props.notes && (
          <Switch
            name="show_notes"
            label={i18n._(collationText.quoteNotes)}
            checked={settings.showNotes}
            onChange={(_, data) => change({ showNotes: data.checked })}
          />
        )}
      </div>
      {copyFailed && (
        <MessageBar intent="error">
          <MessageBarBody>{i18n._(t.copyFail)}</MessageBarBody>
        </MessageBar>
      )}
      <footer className={mergeClasses(stack.xxs, styles.source)} data-quote-source>
        <span>{tr(i18n, t.source, { title: props.reel.source.title })}</span>
        <span>{props.reel.source.availability}</span>
      </footer>
    </SideDrawer>
  );
}
