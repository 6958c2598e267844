/**
 * The columns of the article list (spec section 2): cover thumbnail, title, type, uid, summary,
 * the publishing switch, the pinned mark, the two times and the actions (view, edit, pin or
 * unpin). Title, uid and the times sort.
 */
import { Badge, Button, makeStyles, Switch, Text, tokens } from "@fluentui/react-components";
import { EditRegular, EyeRegular, PinOffRegular, PinRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import type { ArticleSummary } from "../../../../contract/articles.ts";
import { tr } from "../../../i18n/translate.ts";
import type { DataColumn } from "../../../ui/DataTable.tsx";
import { RouterLink } from "../../../ui/RouterLink.tsx";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ClippedText } from "../../list-screen/ClippedText.tsx";
import { listScreenText } from "../../list-screen/text.ts";
import { articleTypeText, articleAdminText as t } from "./text.ts";
import type { ArticleToggles } from "./useArticleToggles.ts";

export const ARTICLE_COLUMN_IDS = [
  "cover",
  "title",
  "type",
  "uid",
  "summary",
  "is_actived",
  "is_top",
  "create_time",
  "updated_time",
  "actions",
] as const;

const useStyles = makeStyles({
  thumb: {
    display: "block",
    width: "64px",
    height: "40px",
    objectFit: "cover",
    borderRadius: tokens.borderRadiusSmall,
  },
  uid: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: "anywhere" },
  actions: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, whiteSpace: "nowrap" },
});

export function useArticleColumns(toggles: ArticleToggles): DataColumn<ArticleSummary>[] {
  const styles = useStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  return [
    {
      id: "cover",
      label: i18n._(t.cover),
      width: "80px",
      render: (row) =>
        row.cover_url ? (
          <img
            className={styles.thumb}
            src={row.cover_url}
            alt={tr(i18n, t.coverOf, { title: row.title })}
            loading="lazy"
          />
        ) : (
          <Text size={200}>{i18n._(t.noCover)}</Text>
        ),
    },
    { id: "title", label: i18n._(t.title), sortKey: "title", render: (row) => row.title },
    { id: "type", label: i18n._(t.type), width: "64px", render: (row) => i18n._(articleTypeText[row.type]) },
    {
      id: "uid",
      label: i18n._(t.uid),
      width: "140px",
      sortKey: "uid",
      render: (row) => <span className={styles.uid}>{row.uid}</span>,
    },
    {
      id: "summary",
      label: i18n._(t.summary),
      render: (row) => <ClippedText text={row.summary} />,
    },
    {
      id: "is_actived",
      label: i18n._(t.active),
      width: "64px",
      render: (row) => (
        <Switch
          checked={row.is_actived}
          disabled={toggles.busyUid === row.uid}
          aria-label={tr(i18n, t.activeSwitch, { title: row.title })}
          data-article-active={row.is_actived ? "on" : "off"}
          onChange={(_, data) => void toggles.setActive(row, data.checked)}
        />
      ),
    },
    {
      id: "is_top",
      label: i18n._(t.pinned),
      width: "64px",
      render: (row) =>
        row.is_top ? (
          <Badge appearance="filled" color="brand" data-article-pinned>
            {i18n._(t.pinned)}
          </Badge>
        ) : null,
    },
    {
      id: "create_time",
      label: i18n._(t.createTime),
      width: "112px",
      sortKey: "create_time",
      render: (row) => time.dateTime(row.create_time),
    },
    {
      id: "updated_time",
      label: i18n._(t.updatedTime),
      width: "112px",
      sortKey: "updated_time",
      render: (row) => time.dateTime(row.updated_time),
    },
    {
      id: "actions",
      label: i18n._(listScreenText.actions),
      width: "216px",
      render: (row) => (
        <span className={styles.actions}>
          <RouterLink to="/admin/article/view/$articleUid" params={{ articleUid: row.uid }} data-article-view>
            <EyeRegular aria-hidden /> {i18n._(t.view)}
          </RouterLink>
          <RouterLink
            to="/admin/article/update/$articleUid"
            params={{ articleUid: row.uid }}
            data-article-edit
          >
            <EditRegular aria-hidden /> {i18n._(t.edit)}
          </RouterLink>
          <Button
            size="small"
            appearance="subtle"
            icon={row.is_top ? <PinOffRegular /> : <PinRegular />}
            disabled={toggles.busyUid === row.uid}
            data-article-pin={row.is_top ? "unpin" : "pin"}
            onClick={() => void toggles.setTop(row, !row.is_top)}
          >
            {i18n._(row.is_top ? t.unpin : t.pin)}
          </Button>
        </span>
      ),
    },
  ];
}
