/**
 * `/admin/article/view/{article_uid}`: the article as readers will see it (title, summary, cover,
 * rendered text), with its state (published, pinned, type, uid, times) and the buttons to edit,
 * publish or withdraw, pin or unpin it.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { EditRegular, PinOffRegular, PinRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { routeTitles } from "../../../app/routes/titles.ts";
import { RouterLink } from "../../../ui/RouterLink.tsx";
import { LoadStatus } from "../../../ui/Status.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ArticleView } from "../../articles/ArticleView.tsx";
import { renderArticle } from "../../articles/markdown.ts";
import { DetailList } from "../../list-screen/DetailList.tsx";
import { StatusBadge } from "../../list-screen/StatusBadge.tsx";
import { articleTypeText, articleAdminText as t } from "./text.ts";
import { useAdminArticle } from "./useAdminArticle.ts";
import { useArticleToggles } from "./useArticleToggles.ts";

const useStyles = makeStyles({
  head: { display: "flex", alignItems: "center", flexWrap: "wrap", gap: tokens.spacingHorizontalM },
  spacer: { flex: "1 1 auto" },
  state: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    maxWidth: "860px",
  },
  badges: { display: "flex", gap: tokens.spacingHorizontalS },
  uid: { fontFamily: tokens.fontFamilyMonospace },
});

const viewRoute = getRouteApi("/admin/article/view/$articleUid");

export function ArticleViewPage() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const navigate = useNavigate();
  const { articleUid } = viewRoute.useParams();
  const load = useAdminArticle(articleUid);
  const toggles = useArticleToggles(load.reload);
  const article = load.data ?? load.latest;
  const shown = useMemo(
    () => (article ? { article, rendered: renderArticle(article.content) } : null),
    [article],
  );

  return (
    <section className={stack.l} data-admin-article-view={articleUid}>
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold">
          {i18n._(routeTitles.adminArticleView)}
        </Text>
        <RouterLink to="/admin/article">{i18n._(t.backToList)}</RouterLink>
        <span className={styles.spacer} />
        {article && (
          <>
            <Button
              icon={<EditRegular />}
              data-article-edit
              onClick={() =>
                void navigate({
                  to: "/admin/article/update/$articleUid",
                  params: { articleUid: article.uid },
                })
              }
            >
              {i18n._(t.edit)}
            </Button>
            <Button
              appearance={article.is_actived ? "secondary" : "primary"}
              disabled={toggles.busyUid !== null}
              data-article-publish={article.is_actived ? "withdraw" : "publish"}
              onClick={() => void toggles.setActive(article, !article.is_actived)}
            >
              {i18n._(article.is_actived ? t.withdraw : t.publish)}
            </Button>
            <Button
              icon={article.is_top ? <PinOffRegular /> : <PinRegular />}
              disabled={toggles.busyUid !== null}
              data-article-pin={article.is_top ? "unpin" : "pin"}
              onClick={() => void toggles.setTop(article, !article.is_top)}
            >
              {i18n._(article.is_top ? t.unpin : t.pin)}
            </Button>
          </>
        )}
      </div>
      {!article && <LoadStatus load={load} />}
      {article && shown && (
        <>
          <div className={styles.state} data-article-state>
            <DetailList
              fields={[
                {
                  id: "state",
                  label: i18n._(t.state),
                  value: (
                    <span className={styles.badges}>
                      <StatusBadge
                        color={article.is_actived ? "success" : "subtle"}
                        label={i18n._(article.is_actived ? t.published : t.unpublished)}
                        data-article-published={String(article.is_actived)}
                      />
                      <StatusBadge
                        color={article.is_top ? "brand" : "subtle"}
                        label={i18n._(article.is_top ? t.pinned : t.notPinned)}
                        data-article-pinned={String(article.is_top)}
                      />
                    </span>
                  ),
                },
                { id: "type", label: i18n._(t.type), value: i18n._(articleTypeText[article.type]) },
                { id: "uid", label: i18n._(t.uid), value: <span className={styles.uid}>{article.uid}</span> },
                { id: "create_time", label: i18n._(t.createTime), value: time.dateTime(article.create_time) },
                {
                  id: "updated_time",
                  label: i18n._(t.updatedTime),
                  value: time.dateTime(article.updated_time),
                },
                { id: "summary", label: i18n._(t.summary), value: article.summary },
              ]}
            />
          </div>
          <ArticleView shown={shown} />
        </>
      )}
    </section>
  );
}
