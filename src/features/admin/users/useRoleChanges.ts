/**
 * Role changes from the user list (spec sections 4 and 8): a ticked or cleared box calls the
 * server at once; while the call runs the row shows the roles asked for, then the roles saved with
 * "modified successfully" naming the user and the roles. The one refusal (422: it would take the
 * admin role from the last administrator) is said in the reader's language and the row goes back
 * to the roles it had.
 */
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { Role } from "../../../../contract/accounts.ts";
import type { AdminUser } from "../../../../contract/admin-users.ts";
import { changeUserRoles } from "../../../api/adminUsers.ts";
import { ApiError } from "../../../api/errors.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { roleNames, toggledRoles } from "./roleChoice.ts";
import { adminUserText as t } from "./text.ts";

const UNPROCESSABLE = 422;

export type RoleChanges = {
  /** The user as this screen last saved them, else as listed. */
  shown(user: AdminUser): AdminUser;
  /** The roles asked for, while the change is on its way; null otherwise. */
  pendingRoles(userId: number): Role[] | null;
  toggle(user: AdminUser, role: Role, checked: boolean): Promise<void>;
};

const without = <K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

/** `listed` is the page on screen: a newly fetched one already carries every change saved before. */
export function useRoleChanges(listed: unknown): RoleChanges {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const [saved, setSaved] = useState<ReadonlyMap<number, AdminUser>>(new Map());
  const [pending, setPending] = useState<ReadonlyMap<number, Role[]>>(new Map());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page replaces what was saved.
  useEffect(() => setSaved(new Map()), [listed]);

  const shown = (user: AdminUser): AdminUser => saved.get(user._id) ?? user;

  return {
    shown,
    pendingRoles: (userId) => pending.get(userId) ?? null,
    async toggle(user, role, checked) {
      const roles = toggledRoles(shown(user).roles, role, checked);
      if (roles === null || pending.has(user._id)) return;
      setPending((current) => new Map(current).set(user._id, roles));
      try {
        const changed = await changeUserRoles(api, user._id, roles);
        setSaved((current) => new Map(current).set(changed._id, changed));
        events.emit(
          "success",
          tr(i18n, t.rolesChanged, { name: changed.username, roles: roleNames(i18n, changed.roles) }),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === UNPROCESSABLE && !error.notified) {
          const msg = i18n._(t.lastAdminKept);
          events.emit("notice", { kind: "code", code: error.code ?? UNPROCESSABLE, msg });
        }
      } finally {
        setPending((current) => without(current, user._id));
      }
    },
  };
}
