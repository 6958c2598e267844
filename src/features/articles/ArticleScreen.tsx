/**
 * The article screens (spec section 2): `/article/{article_uid}` (news, with a way back to the
 * list it was opened from) and the staff and donors pages of a tripitaka, `/{tripitaka}/staff`
 * and `/{tripitaka}/donors`, which show the article `sitePageUid(code, page)`.
 */
import { Link } from "@fluentui/react-components";
import { ArrowLeftRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { type MouseEvent, useCallback } from "react";
import { type SitePage, sitePageUid } from "../../../contract/article-rules.ts";
import { useServices } from "../../app/shell/services.ts";
import { fetchArticle, fetchSitePage } from "../../offline/articles/articles.ts";
import { ArticleStatus } from "./ArticleStatus.tsx";
import { ArticleView } from "./ArticleView.tsx";
import { listToReturnTo } from "./listScroll.ts";
import { articleText as t } from "./text.ts";
import { type ArticleFetch, useArticle } from "./useArticle.ts";

const articleApi = getRouteApi("/article/$articleUid");
const staffApi = getRouteApi("/$tripitaka/staff");
const donorsApi = getRouteApi("/$tripitaka/donors");

function ArticleShown(props: { source: string; fetch: ArticleFetch; backToList?: boolean }) {
  const { load, shown } = useArticle(props.source, props.fetch);
  if (!shown) return <ArticleStatus load={load} />;
  return <ArticleView shown={shown} before={props.backToList ? <BackToList /> : undefined} />;
}

/** Back to the list page the article was opened from, which then scrolls to where the reader was. */
function BackToList() {
  const { i18n } = useLingui();
  const { session } = useServices();
  const navigate = useNavigate();
  const href = listToReturnTo(session);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <Link href={href} onClick={onClick} data-back-to-list>
      <ArrowLeftRegular /> {i18n._(t.backToList)}
    </Link>
  );
}

export function ArticleScreen() {
  const { articleUid } = articleApi.useParams();
  const fetch = useCallback<ArticleFetch>(
    (api, lang, signal) => fetchArticle(api, articleUid, lang, signal),
    [articleUid],
  );
  return <ArticleShown key={articleUid} source={`article:${articleUid}`} fetch={fetch} backToList />;
}

function SitePageArticle(props: { tripitakaUid: string; page: SitePage }) {
  const { tripitakaUid, page } = props;
  const uid = sitePageUid(tripitakaUid, page);
  const fetch = useCallback<ArticleFetch>(
    (api, lang, signal) => fetchSitePage(api, tripitakaUid, page, lang, signal),
    [tripitakaUid, page],
  );
  return <ArticleShown key={uid} source={`article:${uid}`} fetch={fetch} />;
}

export function StaffScreen() {
  const { tripitaka } = staffApi.useParams();
  return <SitePageArticle tripitakaUid={tripitaka} page="staff" />;
}

export function DonorsScreen() {
  const { tripitaka } = donorsApi.useParams();
  return <SitePageArticle tripitakaUid={tripitaka} page="donors" />;
}
