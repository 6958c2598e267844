/**
 * `/admin/article` (spec section 2): the articles, filtered by title, type, uid and whether
 * published, sorted by the headers, paged, with the columns the administrator chose; each row
 * publishes with its switch and pins from its actions. The query lives in the address.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { AddRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { fetchAdminArticles } from "../../../api/adminArticles.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { ColumnChooser } from "../../../ui/ColumnChooser.tsx";
import { useLoad } from "../../../ui/useLoad.ts";
import { useStoredColumns } from "../../../ui/useStoredColumns.ts";
import { ChoiceFilter, ListSearchForm, TextFilter } from "../../list-screen/ListSearchForm.tsx";
import { ListTable } from "../../list-screen/ListTable.tsx";
import { useListSearch } from "../../list-screen/useListSearch.ts";
import { ARTICLE_COLUMN_IDS, useArticleColumns } from "./articleColumns.tsx";
import { articleListShape } from "./articleListShape.ts";
import { articleTypeText, articleAdminText as t } from "./text.ts";
import { useArticleToggles } from "./useArticleToggles.ts";

const COLUMNS_KEY = "canon-reader.columns.admin-articles";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});

export function ArticleListPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const controls = useListSearch(articleListShape);
  const load = useLoad(controls.loadKey, (signal) => fetchAdminArticles(api, controls.request, signal));
  const toggles = useArticleToggles(controls.refresh);
  const columns = useArticleColumns(toggles);
  const [visible, setVisible] = useStoredColumns(COLUMNS_KEY, ARTICLE_COLUMN_IDS, ARTICLE_COLUMN_IDS);

  return (
    <section className={styles.page} data-admin-articles>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.adminArticles)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={
          <>
            <Button
              appearance="primary"
              icon={<AddRegular />}
              data-article-add
              onClick={() => void navigate({ to: "/admin/article/add" })}
            >
              {i18n._(t.add)}
            </Button>
            <ColumnChooser columns={columns} visible={visible} onChange={setVisible} />
          </>
        }
      >
        <TextFilter controls={controls} name="title" label={i18n._(t.title)} />
        <ChoiceFilter
          controls={controls}
          name="type"
          label={i18n._(t.type)}
          choices={[
            { value: "news", label: i18n._(articleTypeText.news) },
            { value: "intro", label: i18n._(articleTypeText.intro) },
          ]}
        />
        <TextFilter controls={controls} name="uid" label={i18n._(t.uid)} />
        <ChoiceFilter
          controls={controls}
          name="is_actived"
          label={i18n._(t.activeFilter)}
          choices={[
            { value: "true", label: i18n._(t.yes) },
            { value: "false", label: i18n._(t.no) },
          ]}
        />
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={columns.filter((column) => visible.includes(column.id))}
        rowKey={(row) => row.uid}
        rowAttributes={(row) => ({ "data-article-row": row.uid, "data-pinned": String(row.is_top) })}
        ariaLabel={i18n._(t.listLabel)}
      />
    </section>
  );
}
