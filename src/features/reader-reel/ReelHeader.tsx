/**
 * The reel's header (spec section 2): logo link home, edition, scripture name, reel label,
 * author and dynasty and character count; resting on the scripture name opens its card.
 */
import {
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  tokens,
} from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { Reel, Sutra } from "../../../contract/canon.ts";
import { useServices } from "../../app/shell/services.ts";
import { catalogue, reel as reelText } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { type Script, sutraName, tripitakaName } from "../../ui/names.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { countDisplay } from "./counts.ts";
import { headerText } from "./messages.ts";

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "baseline",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalM,
  },
  logo: { alignSelf: "center", display: "inline-flex" },
  logoImage: { width: "28px", height: "28px" },
  edition: { color: tokens.colorNeutralForeground2 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  name: {
    cursor: "help",
    textDecorationLine: "underline",
    textDecorationStyle: "dotted",
    textUnderlineOffset: "4px",
  },
  meta: { color: tokens.colorNeutralForeground3 },
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

/** A count as shown: ten-thousands outside English (spec section 9). */
export function shownCount(i18n: I18n, count: number): string {
  const shown = countDisplay(count, i18n.locale);
  return shown.kind === "plain" ? shown.value : tr(i18n, headerText.tenThousands, { count: shown.value });
}

function useEditionName(tripitakaUid: string | null, script: Script): string | null {
  const { tripitakas } = useServices();
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!tripitakaUid) return;
    let live = true;
    tripitakas().then(
      (list) => {
        const found = list.find((t) => t.uid === tripitakaUid);
        if (live) setName(found ? tripitakaName(found.name, script) : tripitakaUid);
      },
      () => {
        if (live) setName(tripitakaUid);
      },
    );
    return () => {
      live = false;
    };
  }, [tripitakas, tripitakaUid, script]);
  return name;
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
    ["chars", i18n._(catalogue.charCount), shownCount(i18n, sutra.char_cnt)],
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

type Props = {
  tripitakaUid: string | null;
  reel: Reel | undefined;
  sutra: Sutra | null | undefined;
  script: Script;
};

export function ReelHeader({ tripitakaUid, reel, sutra, script }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const edition = useEditionName(tripitakaUid, script);
  const name = reel?.sutra_name ?? (sutra ? sutraName(sutra.name, script) : "");
  return (
    <header className={styles.header} data-reel-header>
      {tripitakaUid && (
        <RouterLink
          to="/$tripitaka"
          params={{ tripitaka: tripitakaUid }}
          className={styles.logo}
          aria-label={i18n._(headerText.home)}
          data-reader-logo
        >
          <img src="/favicon.svg" alt="" className={styles.logoImage} />
        </RouterLink>
      )}
      {edition && (
        <Text className={styles.edition} data-edition>
          {edition}
        </Text>
      )}
      <h1 className={styles.title}>
        {sutra ? (
          <Popover openOnHover withArrow positioning="below-start" mouseLeaveDelay={200}>
            <PopoverTrigger disableButtonEnhancement>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the card also opens on keyboard focus. */}
              <span className={styles.name} tabIndex={0} data-sutra-name>
                {name}
              </span>
            </PopoverTrigger>
            <PopoverSurface className={styles.card} aria-label={i18n._(headerText.card)} data-sutra-card>
              <SutraCard sutra={sutra} script={script} />
            </PopoverSurface>
          </Popover>
        ) : (
          <span data-sutra-name>{name}</span>
        )}{" "}
        <span data-reel-label>{reel?.name}</span>
      </h1>
      {reel && (
        <>
          <Text className={styles.meta} data-dynasty-author>
            {reel.dynasty_author}
          </Text>
          <Text className={styles.meta} data-char-count>
            {tr(i18n, reelText.chars, { count: shownCount(i18n, reel.format.chars) })}
          </Text>
        </>
      )}
    </header>
  );
}
