/**
 * `/admin/user/list` (spec section 2): the users, filtered by username, nickname, e-mail, phone and
 * role, sorted by the headers, paged, with the columns the administrator chose. A user's roles
 * change from the row's checkboxes. The query lives in the address.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { ROLES } from "../../../../contract/account-rules.ts";
import { fetchAdminUsers } from "../../../api/adminUsers.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { ColumnChooser } from "../../../ui/ColumnChooser.tsx";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { useStoredColumns } from "../../../ui/useStoredColumns.ts";
import { ChoiceFilter, ListSearchForm, TextFilter } from "../../list-screen/ListSearchForm.tsx";
import { ListTable } from "../../list-screen/ListTable.tsx";
import { useListSearch } from "../../list-screen/useListSearch.ts";
import { adminUserColumns } from "./adminUserColumns.tsx";
import { ADMIN_USER_COLUMN_IDS, ADMIN_USER_COLUMNS_KEY, ADMIN_USER_LIST } from "./adminUserList.ts";
import { roleText, adminUserText as t } from "./text.ts";
import { useRoleChanges } from "./useRoleChanges.ts";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

export function AdminUserListPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const controls = useListSearch(ADMIN_USER_LIST);
  const load = useLoad(controls.loadKey, (signal) => fetchAdminUsers(api, controls.request, signal));
  const changes = useRoleChanges(load.data ?? load.latest);
  const [visible, setVisible] = useStoredColumns(
    ADMIN_USER_COLUMNS_KEY,
    ADMIN_USER_COLUMN_IDS,
    ADMIN_USER_COLUMN_IDS,
  );
  const time = useShownTime();
  const all = adminUserColumns(i18n, time, changes);

  return (
    <section className={styles.page} data-admin-users>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.adminUsers)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={<ColumnChooser columns={all} visible={visible} onChange={setVisible} />}
      >
        <TextFilter controls={controls} name="username" label={i18n._(t.username)} />
        <TextFilter controls={controls} name="nickname" label={i18n._(t.nickname)} />
        <TextFilter controls={controls} name="email" label={i18n._(t.email)} />
        <TextFilter controls={controls} name="phone" label={i18n._(t.phone)} />
        <ChoiceFilter
          controls={controls}
          name="role"
          label={i18n._(t.roles)}
          choices={ROLES.map((role) => ({ value: role, label: i18n._(roleText[role]) }))}
        />
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={all.filter((column) => visible.includes(column.id))}
        rowKey={(row) => String(row._id)}
        rowAttributes={(row) => ({ "data-user-row": String(row._id), "data-username": row.username })}
        ariaLabel={i18n._(t.tableLabel)}
      />
    </section>
  );
}
