/** Access tokens (HS256 JWTs carrying `{ id, roles }`) and rotating refresh tokens. */
import { randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_TTL_MS } from "../../../contract/account-rules.ts";
import { type TokenPayload, tokenPayload } from "../../../contract/accounts.ts";
import {
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshToken,
  revokeUserRefreshTokens,
} from "./auth-repository.ts";
import type { AuthContext } from "./context.ts";
import { digest } from "./passwords.ts";

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export async function signAccessToken(
  ctx: Pick<AuthContext, "secret" | "now">,
  payload: TokenPayload,
): Promise<string> {
  const seconds = Math.floor(ctx.now() / 1000);
  return new SignJWT({ id: payload.id, roles: payload.roles })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(payload.id))
    .setJti(randomUUID())
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ACCESS_TOKEN_TTL_MS / 1000)
    .sign(ctx.secret);
}

/** The token's claims, or null when it is malformed, forged or expired. */
export async function verifyAccessToken(
  ctx: Pick<AuthContext, "secret" | "now">,
  token: string,
): Promise<TokenPayload | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.secret, {
      algorithms: ["HS256"],
      currentDate: new Date(ctx.now()),
    });
    const claims = tokenPayload.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

export async function issueRefreshToken(ctx: AuthContext, userId: number): Promise<string> {
  const id = randomUUID();
  const secret = randomBytes(32).toString("base64url");
  await insertRefreshToken(ctx.db, {
    id,
    userId,
    tokenHash: digest(secret),
    expiresAt: ctx.now() + REFRESH_TOKEN_TTL_MS,
  });
  return `${id}.${secret}`;
}

/**
 * Exchanges a refresh token for a new one and answers its user, or null when the token is unknown,
 * expired or already used. A used token presented again means it leaked, so every token of that
 * user is revoked.
 */
export async function rotateRefreshToken(
  ctx: AuthContext,
  token: string,
): Promise<{ userId: number; refreshToken: string } | null> {
  const [id, secret] = token.split(".");
  if (!id || !secret) return null;
  const stored = await findRefreshToken(ctx.db, id);
  if (!stored || stored.token_hash !== digest(secret)) return null;
  if (stored.revoked !== 0) {
    await revokeUserRefreshTokens(ctx.db, stored.user_id);
    return null;
  }
  if (stored.expires_at <= ctx.now()) return null;
  if (!(await revokeRefreshToken(ctx.db, id))) return null;
  return { userId: stored.user_id, refreshToken: await issueRefreshToken(ctx, stored.user_id) };
}

export async function revokeRefreshTokenString(ctx: AuthContext, token: string): Promise<void> {
  const [id, secret] = token.split(".");
  if (!id || !secret) return;
  const stored = await findRefreshToken(ctx.db, id);
  if (stored && stored.token_hash === digest(secret)) await revokeRefreshToken(ctx.db, id);
}
