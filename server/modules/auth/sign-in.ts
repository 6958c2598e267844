/** Sign-up, sign-in, codes and token refresh. */
import { type CodeScene, isPhone, type Role } from "../../../contract/account-rules.ts";
import { ApiError } from "../../errors.ts";
import { checkCaptcha } from "./captcha.ts";
import { consumeCode, sendCode } from "./codes.ts";
import type { AuthContext } from "./context.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import {
  countSignInAttempt,
  forgiveSignInAttempt,
  isCaptchaDue,
  signInSubjects,
} from "./sign-in-failures.ts";
import {
  endRefreshToken,
  issueRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  rotateRefreshToken,
  signAccessToken,
} from "./tokens.ts";
import {
  findUserByContact,
  findUserById,
  findUserBySignInName,
  findUserByUsername,
  insertUser,
  raiseSessionVersion,
  type UserRecord,
} from "./user-repository.ts";

/** An access token and the refresh token for the cookie, with the time the latter has left. */
export type Session = { accessToken: string; refreshToken: string; refreshTtlMs: number };

type SessionUser = Pick<UserRecord, "id" | "roles" | "session_version">;

const accessTokenFor = (ctx: AuthContext, user: SessionUser): Promise<string> =>
  signAccessToken(ctx, { id: user.id, roles: user.roles, sessionVersion: user.session_version });

/** A new sign-in: an access token in the user's current session version and a new refresh token. */
export async function startSession(ctx: AuthContext, user: SessionUser): Promise<Session> {
  const accessToken = await accessTokenFor(ctx, user);
  const refresh = await issueRefreshToken(ctx, user.id);
  return { accessToken, refreshToken: refresh.token, refreshTtlMs: REFRESH_TOKEN_TTL_MS };
}

/** Whether a sign-in as `name` from `clientAddress` would need the image captcha. */
export async function isLoginCaptchaShown(
  ctx: AuthContext,
  name: string,
  clientAddress: string,
): Promise<boolean> {
  const account = await findUserBySignInName(ctx.db, name);
  return isCaptchaDue(ctx, signInSubjects(name, account?.id ?? null, clientAddress));
}

export async function userExists(
  ctx: AuthContext,
  query: { username?: string | undefined; phone_or_email?: string | undefined },
): Promise<{ username_exists: boolean; phone_or_email_exists: boolean }> {
  return {
    username_exists:
      query.username !== undefined && (await findUserByUsername(ctx.db, query.username)) !== null,
    phone_or_email_exists:
      query.phone_or_email !== undefined && (await findUserByContact(ctx.db, query.phone_or_email)) !== null,
  };
}

/** Sends a code after the image captcha: sign-up and binding need a free contact, others a known one. */
export async function requestCode(
  ctx: AuthContext,
  request: { receiver: string; scene: CodeScene; captcha: string; identifier: string },
): Promise<void> {
  const captcha = await checkCaptcha(ctx, request.identifier, request.captcha);
  if (captcha === "expired") throw new ApiError(506);
  if (captcha === "wrong") throw new ApiError(505);
  const owner = await findUserByContact(ctx.db, request.receiver);
  const wantsFree = request.scene === "register" || request.scene === "bind";
  if (wantsFree && owner) throw new ApiError(1004);
  if (!wantsFree && !owner) throw new ApiError(606);
  await sendCode(ctx, request.receiver, request.scene);
}

export async function register(
  ctx: AuthContext,
  form: {
    username: string;
    code: string;
    email_or_phone: string;
    password: string;
    nickname?: string | undefined;
  },
): Promise<number> {
  if (await findUserByUsername(ctx.db, form.username)) throw new ApiError(1003);
  if (await findUserByContact(ctx.db, form.email_or_phone)) throw new ApiError(1004);
  await consumeCode(ctx, form.email_or_phone, "register", form.code);
  const phone = isPhone(form.email_or_phone);
  const roles: Role[] = ["reader"];
  return insertUser(ctx.db, {
    username: form.username,
    nickname: form.nickname ?? form.username,
    email: phone ? null : form.email_or_phone,
    phone: phone ? form.email_or_phone : null,
    passwordHash: await hashPassword(form.password),
    roles,
    now: ctx.now(),
  });
}

function requireActive(user: UserRecord): UserRecord {
  if (user.status !== "active") throw new ApiError(403, "this account is disabled");
  return user;
}

/**
 * Password sign-in by username, e-mail or phone. Once its account (or name) or its client address
 * has failed too often the image captcha is required (1505 missing or wrong, 1506 expired). The
 * password is checked whether or not the account exists, so that every 511 takes as long.
 */
export async function passwordLogin(
  ctx: AuthContext,
  form: { username: string; password: string; captcha?: string | undefined; identifier?: string | undefined },
  clientAddress: string,
): Promise<Session> {
  const user = await findUserBySignInName(ctx.db, form.username);
  const subjects = signInSubjects(form.username, user?.id ?? null, clientAddress);
  if (await countSignInAttempt(ctx, subjects)) {
    if (!form.captcha || !form.identifier) throw new ApiError(1505);
    const captcha = await checkCaptcha(ctx, form.identifier, form.captcha);
    if (captcha === "expired") throw new ApiError(1506);
    if (captcha === "wrong") throw new ApiError(1505);
  }
  const passwordHash = user?.password_hash ?? (await ctx.unknownAccountHash());
  const passwordRight = await verifyPassword(passwordHash, form.password);
  if (!user || !passwordRight) throw new ApiError(511);
  await forgiveSignInAttempt(ctx, subjects);
  return startSession(ctx, requireActive(user));
}

export async function codeLogin(
  ctx: AuthContext,
  form: { receiver: string; code: string },
): Promise<Session> {
  const user = await findUserByContact(ctx.db, form.receiver);
  if (!user) throw new ApiError(606);
  await consumeCode(ctx, form.receiver, "login", form.code);
  return startSession(ctx, requireActive(user));
}

/**
 * A new access token (with the user's current roles and session version) and a new refresh token
 * ending with the sign-in; 401 otherwise.
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string | undefined): Promise<Session> {
  const rotated = refreshToken ? await rotateRefreshToken(ctx, refreshToken) : null;
  if (!rotated) throw new ApiError(401, "the refresh token is missing, expired or revoked");
  const user = await findUserById(ctx.db, rotated.userId);
  if (user?.status !== "active") throw new ApiError(401, "the account is not available");
  return {
    accessToken: await accessTokenFor(ctx, user),
    refreshToken: rotated.refreshToken.token,
    refreshTtlMs: rotated.refreshToken.expiresAt - ctx.now(),
  };
}

/**
 * Ends this device's session: its refresh token is removed and every access token of its user
 * (named by the Bearer token, else by the refresh token) is refused from now on.
 */
export async function logout(
  ctx: AuthContext,
  refreshToken: string | undefined,
  signedInUserId: number | null,
): Promise<void> {
  const cookieOwner = refreshToken ? await endRefreshToken(ctx, refreshToken) : null;
  const users = [signedInUserId, cookieOwner].filter((id): id is number => id !== null);
  for (const userId of new Set(users)) await raiseSessionVersion(ctx.db, userId);
}
