/**
 * The columns of the user list (spec section 2): avatar (the default picture when there is none or
 * it fails to load), username, nickname, e-mail, phone, status, the roles as checkboxes, and the
 * two times. The text fields and the times sort.
 */
import { Avatar } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import type { AdminUser } from "../../../../contract/admin-users.ts";
import type { DataColumn } from "../../../ui/DataTable.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { StatusBadge } from "../../list-screen/StatusBadge.tsx";
import type { AdminUserColumnId } from "./adminUserList.ts";
import { RoleChecks } from "./RoleChecks.tsx";
import { adminUserText as t, userStatusText } from "./text.ts";
import type { RoleChanges } from "./useRoleChanges.ts";

type Column = DataColumn<AdminUser> & { id: AdminUserColumnId };

function statusLabel(i18n: I18n, status: string): string {
  const known = userStatusText[status];
  return known ? i18n._(known) : status;
}

export function adminUserColumns(i18n: I18n, time: ShownTime, changes: RoleChanges): Column[] {
  const none = i18n._(t.none);
  return [
    {
      id: "avatar",
      label: i18n._(t.avatar),
      width: "64px",
      // Without `name` the avatar falls back to the default person picture, not to initials.
      render: (row) => (
        <Avatar
          size={32}
          aria-label={row.username}
          image={row.avatar ? { src: row.avatar } : undefined}
          data-avatar={row.avatar}
        />
      ),
    },
    { id: "username", label: i18n._(t.username), sortKey: "username", render: (row) => row.username },
    { id: "nickname", label: i18n._(t.nickname), sortKey: "nickname", render: (row) => row.nickname },
    { id: "email", label: i18n._(t.email), sortKey: "email", render: (row) => row.email ?? none },
    { id: "phone", label: i18n._(t.phone), sortKey: "phone", render: (row) => row.phone ?? none },
    {
      id: "status",
      label: i18n._(t.status),
      width: "80px",
      render: (row) => (
        <StatusBadge
          color={row.status === "active" ? "success" : "warning"}
          label={statusLabel(i18n, row.status)}
          data-status={row.status}
        />
      ),
    },
    {
      id: "roles",
      label: i18n._(t.roles),
      // As wide as a checkbox with the longest role's name ("Administrator") on one line.
      width: "160px",
      render: (row) => <RoleChecks user={row} changes={changes} />,
    },
    {
      id: "createdAt",
      label: i18n._(t.createdAt),
      sortKey: "created_at",
      width: "170px",
      render: (row) => time.dateTime(row.created_at),
    },
    {
      id: "updatedAt",
      label: i18n._(t.updatedAt),
      sortKey: "updated_at",
      width: "170px",
      render: (row) => time.dateTime(changes.shown(row).updated_at),
    },
  ];
}
