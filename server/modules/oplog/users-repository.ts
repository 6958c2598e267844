/** The users the access log names: display names (nickname, else username) by id or by keyword. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { containsText } from "../../db/text-match.ts";

type Db = Kysely<Database>;

/** Users a keyword finds at most. */
export const USERS_FOUND_MAX = 20;

const displayName = (user: { username: string; nickname: string }) =>
  user.nickname.trim() !== "" ? user.nickname : user.username;

/** The display names of those of `ids` that are users. */
export async function displayNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("user")
    .select(["id", "username", "nickname"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, displayName(row)]));
}

/** Up to USERS_FOUND_MAX users whose username or nickname contains `keyword`, by id. */
export async function usersMatching(db: Db, keyword: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "username", "nickname"])
    .where((eb) =>
      eb.or([containsText(eb.ref("username"), keyword), containsText(eb.ref("nickname"), keyword)]),
    )
    .orderBy("id")
    .limit(USERS_FOUND_MAX)
    .execute();
  return new Map(rows.map((row) => [row.id, displayName(row)]));
}
