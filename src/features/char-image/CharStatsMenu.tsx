/**
 * The statistics dropdown: for the search in the address, how many char images it finds, how many
 * distinct characters they are (in the form the groups count by), on how many pages and sutras.
 * Read when the dropdown opens.
 */
import {
  Button,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  tokens,
} from "@fluentui/react-components";
import { DataBarVerticalRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { type CharQuery, fetchCharStats } from "../../api/charImage.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { formText, charImageText as t } from "./text.ts";

const useStyles = makeStyles({
  surface: { minWidth: "220px" },
  figures: {
    display: "grid",
    gridTemplateColumns: "1fr max-content",
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalXS,
    margin: `${tokens.spacingVerticalS} 0 0`,
  },
  figure: { margin: 0, textAlign: "end", fontVariantNumeric: "tabular-nums" },
});

type Props = { tripitakaUid: string; query: CharQuery; loadKey: string; txtType: TxtType };

function Figures(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const load = useLoad(`stats:${props.loadKey}:${props.txtType}`, (signal) =>
    fetchCharStats(api, props.tripitakaUid, props.query, props.txtType, signal),
  );
  const stats = load.data;
  if (!stats) return <LoadStatus load={load} />;
  const rows = [
    ["total", i18n._(t.statsBoxes), stats.total],
    ["chars", tr(i18n, t.statsChars, { form: i18n._(formText[props.txtType]) }), stats.chars],
    ["pages", i18n._(t.statsPages), stats.pages],
    ["sutras", i18n._(t.statsSutras), stats.sutras],
  ] as const;
  return (
    <dl className={styles.figures}>
      {rows.map(([id, label, value]) => (
        <div key={id} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd className={styles.figure} data-stat={id}>
            {value.toLocaleString(i18n.locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CharStatsMenu(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <Popover positioning="below-end" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<DataBarVerticalRegular />} data-char-stats>
          {i18n._(t.stats)}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={i18n._(t.statsTitle)} data-char-stats-figures>
        <Text weight="semibold">{i18n._(t.statsTitle)}</Text>
        <Figures {...props} />
      </PopoverSurface>
    </Popover>
  );
}
