/**
 * The reel's header (spec section 2): logo link home, edition, scripture name, reel label,
 * author and dynasty (for a researcher, an author with a person page links to it) and character
 * count; resting on the scripture name opens its card.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { Suspense, startTransition, useState } from "react";
import type { Reel, Sutra } from "../../../contract/canon.ts";
import { DEFAULT_LOCALE, toAppLocale, tripitakaNameScript } from "../../../contract/locale-rules.ts";
import { type Script, sutraName, tripitakaName } from "../../../contract/names.ts";
import { useTripitakaList } from "../../app/shell/useTripitakaList.ts";
import { reel as reelText } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { AuthorLinks } from "../people/AuthorLinks.tsx";
import { useAuthorLinks } from "../people/useAuthorLinks.ts";
import { headerText } from "./messages.ts";
import { shownCount } from "./shownCount.ts";

const SutraCardPopover = lazyPart(() => import("./SutraCardPopover.tsx"), "SutraCardPopover");

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
    paddingTop: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    paddingRight: 0,
    borderTopStyle: "none",
    borderBottomStyle: "none",
    borderLeftStyle: "none",
    borderRightStyle: "none",
    backgroundColor: "transparent",
    color: "inherit",
    fontFamily: "inherit",
    fontSize: "inherit",
    fontWeight: "inherit",
    cursor: "help",
    textDecorationLine: "underline",
    textDecorationStyle: "dotted",
    textUnderlineOffset: "4px",
  },
  meta: { color: tokens.colorNeutralForeground3 },
});

/** The edition's name (its uid when the list lacks it); null until the tripitaka list is known. */
function useEditionName(tripitakaUid: string | null, script: Script): string | null {
  const list = useTripitakaList();
  if (!tripitakaUid || list === null) return null;
  const found = list.find((t) => t.uid === tripitakaUid);
  return found ? tripitakaName(found.name, script) : tripitakaUid;
}

/**
 * The scripture name; resting on it or focusing it the first time loads its card (spec section 2),
 * which then opens and closes on hover like any popover. The card starts open when the rest or the
 * focus lasts until its code and the sutra's entry have arrived.
 */
function SutraName(props: { name: string; sutra: Sutra | undefined; script: Script; className: string }) {
  const { sutra } = props;
  const [wantedBy, setWantedBy] = useState<"pointer" | "focus" | null>(null);
  const [pointerOn, setPointerOn] = useState(false);
  const [focusOn, setFocusOn] = useState(false);
  // A transition keeps this button, and its focus, on the page while the card's code loads.
  const want = (by: "pointer" | "focus") => startTransition(() => setWantedBy((first) => first ?? by));
  const plain = (
    <button
      type="button"
      className={props.className}
      data-sutra-name
      onMouseEnter={() => {
        setPointerOn(true);
        want("pointer");
      }}
      onMouseLeave={() => setPointerOn(false)}
      onFocus={() => {
        setFocusOn(true);
        want("focus");
      }}
      onBlur={() => setFocusOn(false)}
    >
      {props.name}
    </button>
  );
  return (
    <Suspense fallback={plain}>
      {wantedBy !== null && sutra ? (
        <SutraCardPopover
          {...props}
          sutra={sutra}
          focusName={wantedBy === "focus"}
          startOpen={pointerOn || focusOn}
        />
      ) : (
        plain
      )}
    </Suspense>
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
  const edition = useEditionName(
    tripitakaUid,
    tripitakaNameScript(toAppLocale(i18n.locale) ?? DEFAULT_LOCALE),
  );
  const authorLinks = useAuthorLinks();
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
        {sutra === null || name === "" ? (
          <span data-sutra-name>{name}</span>
        ) : (
          <SutraName name={name} sutra={sutra} script={script} className={styles.name} />
        )}{" "}
        <span data-reel-label>{reel?.name}</span>
      </h1>
      {reel && (
        <>
          <Text className={styles.meta} data-dynasty-author>
            <AuthorLinks byline={reel.dynasty_author} authors={sutra?.authors} links={authorLinks} />
          </Text>
          <Text className={styles.meta} data-char-count>
            {tr(i18n, reelText.chars, { count: shownCount(i18n, reel.format.chars) })}
          </Text>
        </>
      )}
    </header>
  );
}
