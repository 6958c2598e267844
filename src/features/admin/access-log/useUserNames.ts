/**
 * The display names of the users on screen, looked up together through `/oplog/users?ids=`; a user
 * the lookup does not name (yet, or no longer) shows as the name the row came with, else the id.
 */
import { fetchOplogUsers } from "../../../api/adminOplog.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useLoad } from "../../../ui/useLoad.ts";

const NONE: Record<string, string | null> = {};

export type UserNames = (userId: number, known?: string | null) => string;

export function useUserNames(ids: readonly number[]): UserNames {
  const { api } = useServices();
  const asked = [...new Set(ids)].sort((a, b) => a - b);
  const key = asked.join(",");
  const load = useLoad(`users:${key}`, (signal) =>
    asked.length === 0 ? Promise.resolve(NONE) : fetchOplogUsers(api, { ids: asked }, signal),
  );
  const names = load.data ?? load.latest ?? NONE;
  return (userId, known) => names[String(userId)] ?? known ?? String(userId);
}
