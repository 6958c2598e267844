/** The administrators' user calls (spec section 7, "User admin"): the list and the change of roles. */
import type { Role } from "../../contract/accounts.ts";
import type { AdminUser } from "../../contract/admin-users.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { ApiClient } from "./client.ts";

/** A page of users; `query` is the admin list frame's request (filters, sort_by, page). */
export function fetchAdminUsers(
  api: ApiClient,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Paged<AdminUser>> {
  return api.getResult<Paged<AdminUser>>(api.http.get("admin/users", { searchParams: query, signal }));
}

/**
 * Gives the user these roles at once; answers the user as saved. A refusal (422: it would leave
 * the site without an administrator) is the screen's to show, with the server's msg.
 */
export function changeUserRoles(api: ApiClient, userId: number, roles: readonly Role[]): Promise<AdminUser> {
  return api.getResult<AdminUser>(
    api.http.put(`admin/user/${userId}`, { searchParams: { roles: roles.join(",") } }),
    { quietStatuses: [422] },
  );
}
