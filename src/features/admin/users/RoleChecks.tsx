/**
 * A user's roles as a group of three labelled checkboxes (spec section 2, "User list"). Each box
 * changes the roles at once; the group waits while a change is on its way, and a user's only role
 * cannot be cleared.
 */
import { Checkbox, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { ROLES } from "../../../../contract/account-rules.ts";
import type { AdminUser } from "../../../../contract/admin-users.ts";
import { tr } from "../../../i18n/translate.ts";
import { isLastRole } from "./roleChoice.ts";
import { roleText, adminUserText as t } from "./text.ts";
import type { RoleChanges } from "./useRoleChanges.ts";

const useStyles = makeStyles({
  group: {
    display: "flex",
    flexWrap: "wrap",
    columnGap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: 0,
    border: "none",
    minWidth: 0,
  },
});

export function RoleChecks(props: { user: AdminUser; changes: RoleChanges }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const pending = props.changes.pendingRoles(props.user._id);
  const roles = pending ?? props.changes.shown(props.user).roles;
  return (
    <fieldset
      className={styles.group}
      aria-label={tr(i18n, t.rolesOf, { name: props.user.username })}
      aria-busy={pending !== null}
      data-roles={roles.join(",")}
    >
      {ROLES.map((role) => (
        <Checkbox
          key={role}
          label={i18n._(roleText[role])}
          checked={roles.includes(role)}
          disabled={pending !== null || isLastRole(roles, role)}
          data-role={role}
          onChange={(_, data) => void props.changes.toggle(props.user, role, data.checked === true)}
        />
      ))}
    </fieldset>
  );
}
