/**
 * `/admin/apply`: researcher applications for the administrator (spec section 2). Filters by real
 * name, username, e-mail, phone and status (kept in the address); the table with its column
 * chooser and pager; a row opens the detail drawer, where a pending application is decided.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { APPLICATION_STATUSES } from "../../../../contract/application-rules.ts";
import type { AdminApplicationDetail } from "../../../../contract/applications.ts";
import { fetchAdminApplications } from "../../../api/adminApplications.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { ColumnChooser } from "../../../ui/ColumnChooser.tsx";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { useStoredColumns } from "../../../ui/useStoredColumns.ts";
import { ChoiceFilter, ListSearchForm, TextFilter } from "../../list-screen/ListSearchForm.tsx";
import { ListTable } from "../../list-screen/ListTable.tsx";
import { useListSearch } from "../../list-screen/useListSearch.ts";
import { ApplicationDrawer } from "./ApplicationDrawer.tsx";
import { applicationAction, applicationColumns } from "./applicationColumns.tsx";
import { APPLICATION_COLUMN_IDS, APPLICATION_COLUMNS_KEY, APPLICATION_LIST } from "./applicationList.ts";
import { applicationStatusText, adminApplyText as t } from "./text.ts";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

export function ApplicationsPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const controls = useListSearch(APPLICATION_LIST);
  const load = useLoad(controls.loadKey, (signal) => fetchAdminApplications(api, controls.request, signal));
  const [visible, setVisible] = useStoredColumns(
    APPLICATION_COLUMNS_KEY,
    APPLICATION_COLUMN_IDS,
    APPLICATION_COLUMN_IDS,
  );
  const [opened, setOpened] = useState<number | null>(null);
  const time = useShownTime();
  const all = applicationColumns(i18n, time);
  const columns = [
    ...all.filter((column) => visible.includes(column.id)),
    applicationAction(i18n, setOpened),
  ];

  const decided = (detail: AdminApplicationDetail) => {
    setOpened(null);
    const notice = detail.latest_status === "approved" ? t.approvedNotice : t.rejectedNotice;
    events.emit("success", tr(i18n, notice, { name: detail.real_name }));
    controls.refresh();
  };

  return (
    <section className={styles.page} data-admin-applications>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.adminApply)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={<ColumnChooser columns={all} visible={visible} onChange={setVisible} />}
      >
        <TextFilter controls={controls} name="real_name" label={i18n._(t.realName)} />
        <TextFilter controls={controls} name="username" label={i18n._(t.username)} />
        <TextFilter controls={controls} name="email" label={i18n._(t.email)} />
        <TextFilter controls={controls} name="phone" label={i18n._(t.phone)} />
        <ChoiceFilter
          controls={controls}
          name="latest_status"
          label={i18n._(t.status)}
          choices={APPLICATION_STATUSES.map((status) => ({
            value: status,
            label: i18n._(applicationStatusText[status]),
          }))}
        />
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={columns}
        rowKey={(row) => String(row._id)}
        rowAttributes={(row) => ({ "data-application-row": String(row._id), "data-username": row.username })}
        ariaLabel={i18n._(t.tableLabel)}
      />
      {opened !== null && (
        <ApplicationDrawer
          key={opened}
          applyId={opened}
          onClose={() => setOpened(null)}
          onDecided={decided}
        />
      )}
    </section>
  );
}
