/**
 * `/admin/apply`: researcher applications for the administrator (spec section 2). Filters by real
 * name, username, e-mail, phone and status (kept in the address); the table with its column
 * chooser and pager; a row opens the detail drawer, where a pending application is decided.
 */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { AdminApplicationDetail } from "../../../../contract/applications.ts";
import { fetchAdminApplications } from "../../../api/adminApplications.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ListScreen, useListScreen } from "../../list-screen/ListScreen.tsx";
import { ApplicationDrawer } from "./ApplicationDrawer.tsx";
import { applicationAction, applicationColumns } from "./applicationColumns.tsx";
import { APPLICATION_COLUMN_IDS, APPLICATION_COLUMNS_KEY, APPLICATION_LIST } from "./applicationList.ts";
import { applicationStatusText, adminApplyText as t } from "./text.ts";

export function ApplicationsPage() {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const screen = useListScreen(APPLICATION_LIST, (query, signal) =>
    fetchAdminApplications(api, query, signal),
  );
  const [opened, setOpened] = useState<number | null>(null);
  const time = useShownTime();

  const decided = (detail: AdminApplicationDetail) => {
    setOpened(null);
    const notice = detail.latest_status === "approved" ? t.approvedNotice : t.rejectedNotice;
    events.emit("success", tr(i18n, notice, { name: detail.real_name }));
    screen.controls.refresh();
  };

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.adminApply}
      marker="data-admin-applications"
      filters={[
        { name: "real_name", label: t.realName },
        { name: "username", label: t.username },
        { name: "email", label: t.email },
        { name: "phone", label: t.phone },
        { name: "latest_status", label: t.status, choices: applicationStatusText },
      ]}
      columns={applicationColumns(i18n, time)}
      columnIds={APPLICATION_COLUMN_IDS}
      columnsKey={APPLICATION_COLUMNS_KEY}
      fixedColumns={[applicationAction(i18n, setOpened)]}
      rowKey={(row) => String(row._id)}
      rowAttributes={(row) => ({ "data-application-row": String(row._id), "data-username": row.username })}
      tableLabel={t.tableLabel}
    >
      {opened !== null && (
        <ApplicationDrawer
          key={opened}
          applyId={opened}
          onClose={() => setOpened(null)}
          onDecided={decided}
        />
      )}
    </ListScreen>
  );
}
