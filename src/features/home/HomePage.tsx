/**
 * `/{tripitaka}`: the home of an edition (spec section 2) — headline, search box, edition summary,
 * commonly used scriptures, special topics, the editions and their sutras, and the footer.
 */
import { Button, makeStyles, mergeClasses, SearchBox, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { Suspense, useState, useSyncExternalStore } from "react";
import { DEFAULT_LOCALE, toAppLocale, tripitakaNameScript } from "../../../contract/locale-rules.ts";
import { type Script, tripitakaName } from "../../../contract/names.ts";
import { SEARCH_KEYWORD_MAX } from "../../../contract/search-options.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { citationAddress } from "../cite/resolveCitation.ts";
import { CommonSutras } from "./CommonSutras.tsx";
import { drawnSearch } from "./drawnSearch.ts";
import { HomeFooter } from "./Footer.tsx";
import { homeText as t } from "./homeMessages.ts";
import { RecentReads } from "./RecentReads.tsx";
import { SpecialTopics } from "./SpecialTopics.tsx";
import { TripitakaHome } from "./TripitakaHome.tsx";

/** Loads only for a signed-in reader, so a guest's home never fetches it. */
const NewMessagePrompt = lazyPart(
  () => import("../personal/messages/NewMessagePrompt.tsx"),
  "NewMessagePrompt",
  { texts: "later" },
);

const useStyles = makeStyles({
  // The spec's 800 px is the width of the whole page, the shell's padding on both sides included.
  page: {
    minWidth: `calc(800px - 2 * ${tokens.spacingHorizontalXL})`,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXL,
  },
  hero: { alignItems: "flex-start" },
  search: { display: "flex", gap: tokens.spacingHorizontalS, width: "min(640px, 100%)" },
  grow: { flex: "1 1 auto", maxWidth: "none" },
  more: { alignSelf: "flex-start" },
  // A summary line, its source line and its link, with the gaps between them.
  summaryPending: { minHeight: `calc(20px + 16px + 20px + 2 * ${tokens.spacingVerticalXS})` },
});

export function HomePage(props: { tripitakaUid: string; script: Script }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { tripitakas, auth } = useServices();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  const navigate = useNavigate();
  // Read during the first render, while the page still holds the box the server drew.
  const [drawn] = useState(drawnSearch);
  const [keyword, setKeyword] = useState(drawn.value);
  const list = useLoad("tripitakas", () => tripitakas());
  const current = list.data?.find((item) => item.uid === props.tripitakaUid);
  // The edition's name follows the interface language; sutra names follow the reading script.
  const edition = current
    ? tripitakaName(current.name, tripitakaNameScript(toAppLocale(i18n.locale) ?? DEFAULT_LOCALE))
    : props.tripitakaUid;

  const search = () => {
    const value = keyword.trim().slice(0, SEARCH_KEYWORD_MAX);
    if (value === "") return;
    const cited = citationAddress(value);
    if (cited) {
      void navigate({ href: cited });
      return;
    }
    void navigate({
      to: "/$tripitaka/search",
      params: { tripitaka: props.tripitakaUid },
      search: { keyword: value },
    });
  };

  return (
    <div className={styles.page}>
      {signedIn && (
        <Suspense fallback={null}>
          <NewMessagePrompt />
        </Suspense>
      )}
      <section className={mergeClasses(stack.m, styles.hero)}>
        <Text as="h1" size={800} weight="semibold">
          {tr(i18n, t.headline, { edition })}
        </Text>
        <Text>{i18n._(t.tagline)}</Text>
        <form
          className={styles.search}
          data-home-search
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <SearchBox
            className={styles.grow}
            name="keyword"
            maxLength={SEARCH_KEYWORD_MAX}
            value={keyword}
            placeholder={tr(i18n, t.searchPlaceholder, { edition })}
            // Only where the reader was already typing in the box the server drew.
            autoFocus={drawn.focused}
            onChange={(_, data) => setKeyword(data.value)}
          />
          <Button appearance="primary" type="submit">
            {i18n._(t.search)}
          </Button>
        </form>
      </section>
      <section className={stack.xs}>
        <Text as="h2" size={500} weight="semibold">
          {i18n._(t.summaryTitle)}
        </Text>
        {current ? (
          <>
            <Text>{tr(i18n, t.summaryText, { edition, code: current.uid, count: current.sutra_count })}</Text>
            {current.cbeta_collection && (
              <Text size={200}>{tr(i18n, t.summarySource, { collection: current.cbeta_collection })}</Text>
            )}
            <RouterLink
              to="/$tripitaka/Introduction"
              params={{ tripitaka: props.tripitakaUid }}
              className={styles.more}
              data-home-introduction
            >
              {tr(i18n, t.summaryMore, { edition })}
            </RouterLink>
          </>
        ) : (
          // The summary's room while the edition loads, so the sections below stay where they are.
          <div className={styles.summaryPending} aria-hidden />
        )}
      </section>
      <CommonSutras tripitakaUid={props.tripitakaUid} script={props.script} />
      <RecentReads tripitakaUid={props.tripitakaUid} script={props.script} />
      <SpecialTopics tripitakaUid={props.tripitakaUid} />
      <section>
        <Text as="h2" size={500} weight="semibold" block>
          {i18n._(t.browseTitle)}
        </Text>
        <TripitakaHome selectedUid={props.tripitakaUid} script={props.script} />
      </section>
      <HomeFooter tripitakaUid={props.tripitakaUid} />
    </div>
  );
}
