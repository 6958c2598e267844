/**
 * The statistics dropdown: for the search in the address, the figures the researcher chose to
 * count among how many char images it finds, how many distinct characters they are (in the form
 * the groups count by), and on how many pages and sutras. At least one is chosen (spec section 5:
 * clearing the last is refused with a warning); the choice is kept on the device. Read when the
 * dropdown opens, and again when the choice changes.
 *
 * The dropdown is mounted only while open, beside its button, which is no Popover trigger: a
 * trigger starts the focus manager, whose hidden bumpers screen readers are told about.
 */
import {
  Button,
  Checkbox,
  makeStyles,
  Popover,
  PopoverSurface,
  Text,
  tokens,
} from "@fluentui/react-components";
import { DataBarVerticalRegular } from "@fluentui/react-icons";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { CHAR_STATS_CATEGORIES, type CharStatsCategory } from "../../../contract/char-image-rules.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { type CharQuery, fetchCharStats } from "../../api/charImage.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { chooseColumns } from "../../ui/columns.ts";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { formText, charImageText as t } from "./text.ts";

const CATEGORIES_KEY = "canon-reader.char-image.stats-categories";

const useStyles = makeStyles({
  surface: { minWidth: "220px", maxWidth: "320px" },
  checks: {
    display: "flex",
    flexDirection: "column",
    border: "none",
    padding: 0,
    minWidth: 0,
    margin: `${tokens.spacingVerticalS} 0`,
  },
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

function categoryLabel(i18n: I18n, category: CharStatsCategory, txtType: TxtType): string {
  if (category === "chars") return tr(i18n, t.statsChars, { form: i18n._(formText[txtType]) });
  const labels = { total: t.statsBoxes, pages: t.statsPages, sutras: t.statsSutras } as const;
  return i18n._(labels[category]);
}

function Figures(props: Props & { categories: readonly CharStatsCategory[] }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { categories } = props;
  const load = useLoad(`stats:${props.loadKey}:${props.txtType}:${categories.join(",")}`, (signal) =>
    fetchCharStats(api, props.tripitakaUid, props.query, props.txtType, categories, signal),
  );
  const stats = load.data;
  if (!stats) return <LoadStatus load={load} />;
  return (
    <dl className={styles.figures}>
      {categories.map((category) => (
        <div key={category} style={{ display: "contents" }}>
          <dt>{categoryLabel(i18n, category, props.txtType)}</dt>
          <dd className={styles.figure} data-stat={category}>
            {(stats[category] ?? 0).toLocaleString(i18n.locale)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CharStatsMenu(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [stored, setStored] = useStoredColumns(CATEGORIES_KEY, CHAR_STATS_CATEGORIES, CHAR_STATS_CATEGORIES);
  const categories = CHAR_STATS_CATEGORIES.filter((category) => stored.includes(category));
  const [warn, setWarn] = useState(false);

  const toggle = (category: CharStatsCategory, checked: boolean) => {
    const wanted = checked ? [...categories, category] : categories.filter((c) => c !== category);
    const next = chooseColumns(CHAR_STATS_CATEGORIES, wanted);
    setWarn(next === null);
    if (next) setStored(next);
  };

  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLElement | null>(null);
  const close = () => {
    setOpen(false);
    setWarn(false);
  };

  return (
    <>
      <Button
        ref={setButton}
        icon={<DataBarVerticalRegular />}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => (open ? close() : setOpen(true))}
        data-char-stats
      >
        {i18n._(t.stats)}
      </Button>
      {open && (
        <Popover
          open
          positioning={{ target: button, position: "below", align: "end" }}
          withArrow
          onOpenChange={(event, data) => {
            if (data.open) return;
            close();
            if (event.type === "keydown") button?.focus();
          }}
        >
          <PopoverSurface
            className={styles.surface}
            aria-label={i18n._(t.statsTitle)}
            data-char-stats-figures
          >
            <Text weight="semibold">{i18n._(t.statsTitle)}</Text>
            <fieldset className={styles.checks} data-stats-categories={categories.join(",")}>
              <legend>
                <Text size={200}>{i18n._(t.statsCategories)}</Text>
              </legend>
              {CHAR_STATS_CATEGORIES.map((category) => (
                <Checkbox
                  key={category}
                  label={categoryLabel(i18n, category, props.txtType)}
                  checked={categories.includes(category)}
                  onChange={(_, data) => toggle(category, data.checked === true)}
                  data-stats-category={category}
                />
              ))}
            </fieldset>
            {warn && (
              <MessageLine intent="warning" data-stats-keep-one>
                {i18n._(t.statsKeepOne)}
              </MessageLine>
            )}
            <Figures {...props} categories={categories} />
          </PopoverSurface>
        </Popover>
      )}
    </>
  );
}
