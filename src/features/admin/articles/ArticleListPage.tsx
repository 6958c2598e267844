/**
 * `/admin/article` (spec section 2): the articles, filtered by title, type, uid and whether
 * published, sorted by the headers, paged, with the columns the administrator chose; each row
 * publishes with its switch and pins from its actions. The query lives in the address.
 */
import { Button } from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { fetchAdminArticles } from "../../../api/adminArticles.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { ListScreen, useListScreen } from "../../list-screen/ListScreen.tsx";
import { ARTICLE_COLUMN_IDS, useArticleColumns } from "./articleColumns.tsx";
import { articleListShape } from "./articleListShape.ts";
import { articleTypeText, articleAdminText as t } from "./text.ts";
import { useArticleToggles } from "./useArticleToggles.ts";

const COLUMNS_KEY = "canon-reader.columns.admin-articles";

export function ArticleListPage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const screen = useListScreen(articleListShape, (query, signal) => fetchAdminArticles(api, query, signal));
  const toggles = useArticleToggles(screen.controls.refresh);
  const columns = useArticleColumns(toggles);

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.adminArticles}
      marker="data-admin-articles"
      filters={[
        { name: "title", label: t.title },
        { name: "type", label: t.type, choices: articleTypeText },
        { name: "uid", label: t.uid },
        { name: "is_actived", label: t.activeFilter, choices: { true: t.yes, false: t.no } },
      ]}
      actions={
        <Button
          appearance="primary"
          icon={<AddRegular />}
          data-article-add
          onClick={() => void navigate({ to: "/admin/article/add" })}
        >
          {i18n._(t.add)}
        </Button>
      }
      columns={columns}
      columnIds={ARTICLE_COLUMN_IDS}
      columnsKey={COLUMNS_KEY}
      rowKey={(row) => row.uid}
      rowAttributes={(row) => ({ "data-article-row": row.uid, "data-pinned": String(row.is_top) })}
      tableLabel={t.listLabel}
    />
  );
}
