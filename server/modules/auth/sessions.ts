/**
 * Signed-in requests and the end of sessions. An access token is good only while its `sv` claim
 * equals its user's session version; refresh tokens are rows, removed one by one or all together.
 * What each event ends:
 *   logout           that device's refresh token, and every access token of the user: the user's
 *                    other devices exchange their own refresh cookie for a new one, unnoticed
 *   password change  every refresh token and every access token: every other device signs in
 *   (or reset)       again; a signed-in change answers a new session to the device that made it
 *   role change      every access token, refresh tokens kept: each device's next refresh brings the
 *                    new roles without signing in again ("role changes take effect immediately")
 *   a refresh token  every refresh token and every access token: a token presented again after
 *   used twice       it was exchanged has leaked, and every device signs in again
 */
import type { Kysely } from "kysely";
import type { TokenPayload } from "../../../contract/accounts.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import { deleteUserRefreshTokens, findRefreshToken } from "./auth-repository.ts";
import type { AuthContext } from "./context.ts";
import { digest } from "./passwords.ts";
import { verifyAccessToken } from "./tokens.ts";
import { findSessionState, raiseSessionVersion, type UserChanges, updateUser } from "./user-repository.ts";

/**
 * The user a Bearer token speaks for; null when the token is not valid, the account has gone or
 * is disabled, or the session has ended.
 */
export async function authenticate(
  ctx: Pick<AuthContext, "db" | "secret" | "now">,
  token: string,
): Promise<TokenPayload | null> {
  const claims = await verifyAccessToken(ctx, token);
  if (!claims) return null;
  const session = await findSessionState(ctx.db, claims.id);
  if (session?.status !== "active" || session.session_version !== claims.sessionVersion) return null;
  return { id: claims.id, roles: claims.roles };
}

/**
 * The user whose sign-in a refresh token holds, read without using the token up; null when it is
 * not one of ours, is used or expired, or its account has gone or is disabled. For a request that
 * cannot carry a Bearer token: a beacon sent as the page is left.
 */
export async function refreshTokenOwner(
  ctx: Pick<AuthContext, "db" | "now">,
  token: string,
): Promise<number | null> {
  const [id, secret] = token.split(".");
  if (!id || !secret) return null;
  const stored = await findRefreshToken(ctx.db, id);
  if (!stored || stored.token_hash !== digest(secret)) return null;
  if (stored.revoked !== 0 || stored.expires_at <= ctx.now()) return null;
  const session = await findSessionState(ctx.db, stored.user_id);
  return session?.status === "active" ? stored.user_id : null;
}

/** "access tokens": refresh tokens stay good. "all": they are revoked as well. */
export type SessionsEnded = "access tokens" | "all";

/**
 * Applies `changes` to the user and ends their sessions, in one transaction (the caller's, when
 * `db` is one, so that the change commits with the rest of its action); answers the new session
 * version, for the session that a signed-in change hands back.
 */
export async function updateUserEndingSessions(
  db: Kysely<Database>,
  userId: number,
  changes: UserChanges,
  now: number,
  ended: SessionsEnded,
): Promise<number> {
  const apply = async (trx: Kysely<Database>): Promise<number> => {
    if (Object.keys(changes).length > 0) await updateUser(trx, userId, changes, now);
    if (ended === "all") await deleteUserRefreshTokens(trx, userId);
    const version = await raiseSessionVersion(trx, userId);
    if (version === null) throw new ApiError(401, "the account is not available");
    return version;
  };
  return db.isTransaction ? apply(db) : db.transaction().execute(apply);
}
