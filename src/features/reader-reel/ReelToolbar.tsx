/** The reel's tool bar: back to the sutras, previous and next reel, layout, settings and quick search. */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Reel } from "../../../contract/canon.ts";
import { catalogue, reel as reelText } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { ArrowToolbar, ToolbarLine } from "../../ui/ArrowToolbar.tsx";
import { LightSearchBox } from "../../ui/LightSearchBox.tsx";
import { readerText } from "./messages.ts";
import type { ReadingSettings } from "./readingSettings.ts";
import { SettingsPanel } from "./SettingsPanel.tsx";
import type { QuickSearch } from "./useQuickSearch.ts";

export type Layout = "horizontal" | "vertical";

const layoutOptions: [Layout, MessageDescriptor][] = [
  ["horizontal", reelText.horizontal],
  ["vertical", reelText.vertical],
];

/** A segmented choice: the selected option is the primary, pressed button. */
function Choice<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: [T, MessageDescriptor][];
}) {
  const { i18n } = useLingui();
  const styles = useStyles();
  return (
    <div className={styles.pair}>
      {props.options.map(([value, label]) => (
        <Button
          key={value}
          aria-pressed={props.value === value}
          appearance={props.value === value ? "primary" : "secondary"}
          onClick={() => props.onChange(value)}
        >
          {i18n._(label)}
        </Button>
      ))}
    </div>
  );
}

const useStyles = makeStyles({
  toolbar: { flexWrap: "wrap", paddingLeft: 0, marginBottom: tokens.spacingVerticalM },
  // A pair of buttons (previous and next reel, the two layouts) wraps as one.
  pair: { display: "inline-flex", flexWrap: "nowrap" },
});

type Props = {
  tripitakaUid: string | null;
  reel: Reel | undefined;
  go(uid: string | null | undefined): void;
  layout: Layout;
  onLayout(layout: Layout): void;
  settings: ReadingSettings;
  onSettings(next: ReadingSettings): void;
  onGuide(): void;
  onShortcuts(): void;
  search: QuickSearch;
  matchTotal: number;
  /** Settings of parts loaded later (the collation apparatus). */
  more?: ReactNode;
};

export function ReelToolbar(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { reel, go, search, tripitakaUid } = props;
  return (
    <ArrowToolbar
      className={styles.toolbar}
      aria-label={i18n._(reelText.toolbar)}
      data-guide-target="toolbar"
    >
      {tripitakaUid && (
        <Button
          appearance="subtle"
          onClick={() => void navigate({ to: "/$tripitaka", params: { tripitaka: tripitakaUid } })}
        >
          {i18n._(reelText.backToSutras)}
        </Button>
      )}
      <ToolbarLine />
      <div className={styles.pair}>
        <Button disabled={!reel?.prev_reel_uid} onClick={() => go(reel?.prev_reel_uid)}>
          {i18n._(reelText.prevReel)}
        </Button>
        <Button disabled={!reel?.next_reel_uid} onClick={() => go(reel?.next_reel_uid)}>
          {i18n._(reelText.nextReel)}
        </Button>
      </div>
      <ToolbarLine />
      <Choice value={props.layout} onChange={props.onLayout} options={layoutOptions} />
      <ToolbarLine />
      <SettingsPanel
        settings={props.settings}
        onChange={props.onSettings}
        onGuide={props.onGuide}
        onShortcuts={props.onShortcuts}
        more={props.more}
      />
      <ToolbarLine />
      <LightSearchBox
        name="quick_search"
        label={i18n._(readerText.quickSearch)}
        clearLabel={i18n._(catalogue.clear)}
        value={search.draft}
        onChange={search.setDraft}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          search.enter(props.matchTotal);
        }}
      />
      {search.keyword !== "" && (
        <Text data-match-count>
          {tr(i18n, readerText.matchCount, {
            current: props.matchTotal ? search.current + 1 : 0,
            total: props.matchTotal,
          })}
        </Text>
      )}
    </ArrowToolbar>
  );
}
