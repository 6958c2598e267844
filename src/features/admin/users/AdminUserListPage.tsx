/**
 * `/admin/user/list` (spec section 2): the users, filtered by username, nickname, e-mail, phone and
 * role, sorted by the headers, paged, with the columns the administrator chose. A user's roles
 * change from the row's checkboxes. The query lives in the address.
 */
import { useLingui } from "@lingui/react";
import { fetchAdminUsers } from "../../../api/adminUsers.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ListScreen, useListScreen } from "../../list-screen/ListScreen.tsx";
import { adminUserColumns } from "./adminUserColumns.tsx";
import { ADMIN_USER_COLUMN_IDS, ADMIN_USER_COLUMNS_KEY, ADMIN_USER_LIST } from "./adminUserList.ts";
import { roleText, adminUserText as t } from "./text.ts";
import { useRoleChanges } from "./useRoleChanges.ts";

export function AdminUserListPage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const screen = useListScreen(ADMIN_USER_LIST, (query, signal) => fetchAdminUsers(api, query, signal));
  const changes = useRoleChanges(screen.load.data ?? screen.load.latest);
  const time = useShownTime();

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.adminUsers}
      marker="data-admin-users"
      filters={[
        { name: "username", label: t.username },
        { name: "nickname", label: t.nickname },
        { name: "email", label: t.email },
        { name: "phone", label: t.phone },
        { name: "role", label: t.roles, choices: roleText },
      ]}
      columns={adminUserColumns(i18n, time, changes)}
      columnIds={ADMIN_USER_COLUMN_IDS}
      columnsKey={ADMIN_USER_COLUMNS_KEY}
      rowKey={(row) => String(row._id)}
      rowAttributes={(row) => ({ "data-user-row": String(row._id), "data-username": row.username })}
      tableLabel={t.tableLabel}
    />
  );
}
