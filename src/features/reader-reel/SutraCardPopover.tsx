/** The scripture card of the reel header (spec section 2), loaded the first time a reader rests on the name. */
import { makeStyles, Popover, PopoverSurface, PopoverTrigger, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type FocusEvent, useLayoutEffect, useRef, useState } from "react";
import type { Sutra } from "../../../contract/canon.ts";
import { tripitakaOf } from "../../../contract/ids.ts";
import { type Script, sutraName, tripitakaName } from "../../../contract/names.ts";
import { catalogue } from "../../i18n/messages.ts";
import { countText } from "../../i18n/translate.ts";
import { LazyDownloadButton, LazyDownloadDialog } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import { headerText } from "./messages.ts";
import { shownCount } from "./shownCount.ts";

const useStyles = makeStyles({
  card: { minWidth: "260px", maxWidth: "360px" },
  list: {
    display: "grid",
    gridTemplateColumns: "auto 1fr",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  row: { display: "contents" },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

type Props = {
  name: string;
  sutra: Sutra;
  script: Script;
  className: string;
  /** The name was focused (from the keyboard): its button here takes the focus the one it replaces had. */
  focusName: boolean;
  /** The pointer still rests on the name, or the focus is still on it. */
  startOpen: boolean;
};

/**
 * Mounted once the pointer has rested on the name (or it had focus). The card follows the name in
 * the page, so Tab goes from the name into the card, and it closes when the focus leaves both.
 */
export function SutraCardPopover({ name, sutra, script, className, focusName, startOpen }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(startOpen);
  const nameButton = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const tripitakaUid = tripitakaOf(sutra.uid) ?? "";

  useLayoutEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (focusName && focusLost) nameButton.current?.focus();
  }, [focusName]);

  const closeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    const stays = next instanceof Node && [nameButton, card].some((part) => part.current?.contains(next));
    if (!stays) setOpen(false);
  };

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(_, data) => setOpen(data.open)}
        openOnHover
        withArrow
        positioning="below-start"
        mouseLeaveDelay={200}
        inline
      >
        <PopoverTrigger disableButtonEnhancement>
          <button
            type="button"
            className={className}
            data-sutra-name
            ref={nameButton}
            onBlur={closeWhenFocusLeaves}
          >
            {name}
          </button>
        </PopoverTrigger>
        <PopoverSurface
          ref={card}
          className={styles.card}
          aria-label={i18n._(headerText.card)}
          data-sutra-card
          onBlur={closeWhenFocusLeaves}
        >
          <SutraCard sutra={sutra} script={script} />
          <LazyDownloadButton
            tripitakaUid={tripitakaUid}
            scope={{ kind: "sutra", sutra_uid: sutra.uid }}
            title={name}
            action={downloadText.downloadSutra}
            onRequest={() => setDownloading(true)}
          />
        </PopoverSurface>
      </Popover>
      {downloading && (
        <LazyDownloadDialog
          tripitakaUid={tripitakaUid}
          scope={{ kind: "sutra", sutra_uid: sutra.uid }}
          title={name}
          onClose={() => setDownloading(false)}
        />
      )}
    </>
  );
}

function SutraCard({ sutra, script }: { sutra: Sutra; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const years =
    sutra.years || [sutra.start_year, sutra.end_year].filter((year) => year !== null).join("-") || "—";
  const rows: [string, string, string][] = [
    ["uid", i18n._(catalogue.sutraUid), sutra.uid],
    ["name", i18n._(catalogue.sutraName), sutraName(sutra.name, script)],
    ["author", i18n._(catalogue.dynastyAuthor), sutra.dynasty_author || "—"],
    ["years", i18n._(headerText.years), years],
    [
      "category",
      i18n._(headerText.category),
      sutra.categories.map((c) => tripitakaName(c.name, script)).join("、") || "—",
    ],
    ["reels", i18n._(catalogue.reelCount), String(sutra.actual_reel_cnt)],
    ["chars", i18n._(catalogue.charCount), countText(i18n, shownCount(i18n, sutra.char_cnt))],
  ];
  return (
    <dl className={styles.list}>
      {rows.map(([key, term, value]) => (
        <div key={key} className={styles.row} data-card-row={key}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
