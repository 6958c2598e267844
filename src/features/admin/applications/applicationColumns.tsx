/** The columns of the administrator's application table, and the row action opening the drawer. */
import type { I18n } from "@lingui/core";
import type { AdminApplication } from "../../../../contract/applications.ts";
import { tr } from "../../../i18n/translate.ts";
import type { DataColumn } from "../../../ui/DataTable.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { ClippedText } from "../../list-screen/ClippedText.tsx";
import { openColumn } from "../../list-screen/openColumn.tsx";
import { StatusBadge } from "../../list-screen/StatusBadge.tsx";
import type { ApplicationColumnId } from "./applicationList.ts";
import { applicationStatusColor, canDecide } from "./decision.ts";
import { applicationStatusText, adminApplyText as t } from "./text.ts";

type Column = DataColumn<AdminApplication> & { id: ApplicationColumnId };

/** "username (nickname)", or the username alone when the nickname says the same. */
export function userLabel(i18n: I18n, row: Pick<AdminApplication, "username" | "nickname">): string {
  return row.nickname === "" || row.nickname === row.username
    ? row.username
    : tr(i18n, t.userWithNickname, { username: row.username, nickname: row.nickname });
}

export function ApplicationStatusBadge(props: { status: AdminApplication["latest_status"]; i18n: I18n }) {
  return (
    <StatusBadge
      color={applicationStatusColor(props.status)}
      label={props.i18n._(applicationStatusText[props.status])}
      data-status={props.status}
    />
  );
}

export function applicationColumns(i18n: I18n, time: ShownTime): Column[] {
  const none = i18n._(t.none);
  return [
    { id: "applyId", label: i18n._(t.applyId), width: "80px", render: (row) => row._id },
    { id: "realName", label: i18n._(t.realName), render: (row) => row.real_name },
    { id: "company", label: i18n._(t.company), render: (row) => <ClippedText text={row.company} /> },
    { id: "user", label: i18n._(t.userColumn), render: (row) => userLabel(i18n, row) },
    { id: "email", label: i18n._(t.email), render: (row) => row.email ?? none },
    { id: "phone", label: i18n._(t.phone), render: (row) => row.phone ?? none },
    {
      id: "latestStatus",
      label: i18n._(t.status),
      width: "90px",
      render: (row) => <ApplicationStatusBadge status={row.latest_status} i18n={i18n} />,
    },
    { id: "intro", label: i18n._(t.intro), render: (row) => <ClippedText text={row.intro} /> },
    { id: "purpose", label: i18n._(t.purpose), render: (row) => <ClippedText text={row.purpose} /> },
    { id: "updatedAt", label: i18n._(t.updatedAt), render: (row) => time.dateTime(row.updated_at) },
    {
      id: "lastOperation",
      label: i18n._(t.lastOperation),
      render: (row) =>
        row.latest_deal_username !== null && row.latest_deal_at !== null ? (
          <span data-last-operator={row.latest_deal_username}>
            {tr(i18n, t.operatedBy, {
              name: row.latest_deal_username,
              time: time.dateTime(row.latest_deal_at),
            })}
          </span>
        ) : (
          none
        ),
    },
  ];
}

/** The column that opens the drawer: to decide a pending application, or to view any other. */
export function applicationAction(i18n: I18n, open: (applyId: number) => void): DataColumn<AdminApplication> {
  return openColumn(i18n, open, (row) => ({
    text: canDecide(row.latest_status) ? t.deal : t.view,
    "data-open-application": row._id,
  }));
}
