/**
 * `/{tripitaka}/Introduction` and `/help`, one screen (spec section 2, "Introduction and help"): the
 * help article when the path is the help page, else the tripitaka's introduction, as markdown with
 * a generated table of contents beside it, the current heading marked while scrolling, hash anchors
 * and a back-to-top button.
 */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLocation, useNavigate, useParams } from "@tanstack/react-router";
import { useCallback, useMemo, useRef } from "react";
import { HELP_UID } from "../../../contract/article-rules.ts";
import { DEFAULT_TRIPITAKA } from "../../../contract/tripitaka.ts";
import { useSetPageSubject } from "../../app/shell/pageSubject.ts";
import { fetchArticle, fetchIntroduction } from "../../offline/articles/articles.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { ArticleBody } from "./ArticleBody.tsx";
import { ArticleStatus } from "./ArticleStatus.tsx";
import { BackToTop } from "./BackToTop.tsx";
import type { ArticleHeading } from "./markdown.ts";
import { TableOfContents } from "./TableOfContents.tsx";
import { type ArticleFetch, useArticle } from "./useArticle.ts";
import { headingElement, useCurrentHeading } from "./useCurrentHeading.ts";
import { useHashAnchor } from "./useHashAnchor.ts";

const useStyles = makeStyles({
  layout: {
    display: "grid",
    gridTemplateColumns: "220px minmax(0, 1fr)",
    gap: tokens.spacingHorizontalXXL,
    alignItems: "start",
  },
  contents: {
    position: "sticky",
    top: tokens.spacingVerticalL,
    maxHeight: `calc(100vh - 2 * ${tokens.spacingVerticalL})`,
    overflowY: "auto",
  },
  main: { maxWidth: "860px", minWidth: 0 },
  title: { margin: 0 },
});

const NO_HEADINGS: readonly ArticleHeading[] = [];
const HELP_PATH = /\/help(?:\/|$)/i;

function GuideArticle(props: { source: string; fetch: ArticleFetch }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const { load, shown } = useArticle(props.source, props.fetch);
  const body = useRef<HTMLDivElement>(null);
  const headings = shown?.rendered.headings ?? NO_HEADINGS;
  const { current, choose } = useCurrentHeading(body, headings);

  const markHeading = useCallback(
    (id: string) => {
      if (headings.some((heading) => heading.id === id)) choose(id);
    },
    [headings, choose],
  );
  useHashAnchor(body, hash, shown?.rendered.html ?? null, markHeading);
  useSetPageSubject(shown?.article.title ?? null);

  const onChoose = (id: string) => {
    if (id !== hash) {
      // The hash effect scrolls once the address has it.
      void navigate({ to: ".", hash: id, resetScroll: false, hashScrollIntoView: false });
      return;
    }
    const target = body.current && headingElement(body.current, id);
    target?.scrollIntoView({ block: "start", behavior: "instant" });
    choose(id);
  };

  if (!shown) return <ArticleStatus load={load} />;
  return (
    <div className={styles.layout} data-guide={shown.article.uid}>
      <aside className={styles.contents}>
        {headings.length > 0 && <TableOfContents headings={headings} current={current} onChoose={onChoose} />}
      </aside>
      <article className={mergeClasses(stack.m, styles.main)}>
        <Text as="h1" size={800} weight="semibold" className={styles.title}>
          {shown.article.title}
        </Text>
        <ArticleBody ref={body} html={shown.rendered.html} />
      </article>
      <BackToTop />
    </div>
  );
}

export function GuideScreen() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const params = useParams({ strict: false });
  const help = HELP_PATH.test(pathname);
  const tripitaka = params.tripitaka ?? DEFAULT_TRIPITAKA;
  const source = help ? `help` : `intro:${tripitaka}`;
  const fetch = useMemo<ArticleFetch>(
    () =>
      help
        ? (api, lang, signal) => fetchArticle(api, HELP_UID, lang, signal)
        : (api, lang, signal) => fetchIntroduction(api, tripitaka, lang, signal),
    [help, tripitaka],
  );
  return <GuideArticle key={source} source={source} fetch={fetch} />;
}
