/**
 * Access tokens (HS256 JWTs carrying `{ id, roles }` and the user's session version `sv`) and
 * rotating refresh tokens.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import type { Kysely } from "kysely";
import { z } from "zod";
import { ACCESS_TOKEN_TTL_MS, SIGN_IN_TTL_MS } from "../../../contract/account-rules.ts";
import { type TokenPayload, tokenPayload } from "../../../contract/accounts.ts";
import type { Database } from "../../db/schema.ts";
import {
  deleteRefreshToken,
  deleteUserRefreshTokens,
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshToken,
} from "./auth-repository.ts";
import type { AuthContext } from "./context.ts";
import { verifyHs256 } from "./hs256.ts";
import { digest } from "./passwords.ts";
import { raiseSessionVersion } from "./user-repository.ts";

export const REFRESH_TOKEN_TTL_MS = SIGN_IN_TTL_MS;

/** What an access token says: who, with which roles, and the session version it was issued in. */
export type AccessClaims = TokenPayload & { sessionVersion: number };

const SESSION_VERSION_CLAIM = "sv";
const signedClaims = tokenPayload.extend({ [SESSION_VERSION_CLAIM]: z.number().int().nonnegative() });

export async function signAccessToken(
  ctx: Pick<AuthContext, "secret" | "now">,
  claims: AccessClaims,
): Promise<string> {
  const seconds = Math.floor(ctx.now() / 1000);
  return new SignJWT({ id: claims.id, roles: claims.roles, [SESSION_VERSION_CLAIM]: claims.sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(claims.id))
    .setJti(randomUUID())
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ACCESS_TOKEN_TTL_MS / 1000)
    .sign(ctx.secret);
}

/** The token's claims, or null when it is malformed, forged, expired or lacks `exp` or `sv`. */
export async function verifyAccessToken(
  ctx: Pick<AuthContext, "secret" | "now">,
  token: string,
): Promise<AccessClaims | null> {
  const payload = verifyHs256(token, ctx.secret, ctx.now());
  const claims = signedClaims.safeParse(payload);
  if (!claims.success) return null;
  return { id: claims.data.id, roles: claims.data.roles, sessionVersion: claims.data.sv };
}

export type IssuedRefreshToken = { token: string; expiresAt: number };

/** A new refresh token, good until `expiresAt` (by default a whole sign-in from now). */
export async function issueRefreshToken(
  ctx: AuthContext,
  userId: number,
  expiresAt = ctx.now() + REFRESH_TOKEN_TTL_MS,
): Promise<IssuedRefreshToken> {
  const id = randomUUID();
  const secret = randomBytes(32).toString("base64url");
  await insertRefreshToken(ctx.db, { id, userId, tokenHash: digest(secret), expiresAt });
  return { token: `${id}.${secret}`, expiresAt };
}

async function endUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteUserRefreshTokens(trx, userId);
    await raiseSessionVersion(trx, userId);
  });
}

/**
 * How long a used refresh token is still answered: the reply to its exchange may have been lost (the
 * reader left the page while it was on its way, so the browser never stored the next cookie) or
 * another tab of the same browser exchanged it a moment earlier.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * Exchanges a refresh token for a new one expiring when it would have, so a sign-in lasts
 * `REFRESH_TOKEN_TTL_MS` however often it is refreshed; answers its user, or null when the token
 * is unknown, expired or used. A used token presented again within `REFRESH_REUSE_GRACE_MS` of its
 * exchange gets a new one as well; later it means the token leaked, so the user's sessions end:
 * every refresh token is revoked and every access token refused at once.
 */
export async function rotateRefreshToken(
  ctx: AuthContext,
  token: string,
): Promise<{ userId: number; refreshToken: IssuedRefreshToken } | null> {
  const [id, secret] = token.split(".");
  if (!id || !secret) return null;
  const stored = await findRefreshToken(ctx.db, id);
  if (!stored || stored.token_hash !== digest(secret)) return null;
  const now = ctx.now();
  const successor = async () => ({
    userId: stored.user_id,
    refreshToken: await issueRefreshToken(ctx, stored.user_id, stored.expires_at),
  });
  if (stored.revoked === 0) {
    if (stored.expires_at <= now) return null;
    if (await revokeRefreshToken(ctx.db, id, now)) return successor();
  }
  // Used already: by this browser a moment ago, or by whoever took it.
  const usedAt =
    stored.revoked !== 0 ? stored.used_at : ((await findRefreshToken(ctx.db, id))?.used_at ?? null);
  if (usedAt !== null && now - usedAt <= REFRESH_REUSE_GRACE_MS) {
    return stored.expires_at > now ? successor() : null;
  }
  await endUserSessions(ctx.db, stored.user_id);
  return null;
}

/** Ends the refresh token's session; answers its user, or null when it is not a token of ours. */
export async function endRefreshToken(ctx: AuthContext, token: string): Promise<number | null> {
  const [id, secret] = token.split(".");
  if (!id || !secret) return null;
  const stored = await findRefreshToken(ctx.db, id);
  if (!stored || stored.token_hash !== digest(secret)) return null;
  await deleteRefreshToken(ctx.db, id);
  return stored.user_id;
}
