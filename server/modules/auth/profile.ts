/** The signed-in user's profile and its edits, and password recovery. */
import { isPhone } from "../../../contract/account-rules.ts";
import type { Profile } from "../../../contract/accounts.ts";
import { ApiError } from "../../errors.ts";
import { consumeCode } from "./codes.ts";
import type { AuthContext } from "./context.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { updateUserEndingSessions } from "./sessions.ts";
import { type Session, startSession } from "./sign-in.ts";
import { forgetAccountFailures } from "./sign-in-failures.ts";
import { findUserByContact, findUserById, type UserRecord, updateUser } from "./user-repository.ts";

export function toProfile(user: UserRecord): Profile {
  return {
    _id: user.id,
    avatar: user.avatar,
    nickname: user.nickname,
    username: user.username,
    phone: user.phone,
    email: user.email,
    wechat: user.wechat_id,
    google: user.google_id,
    roles: user.roles,
  };
}

/** The user behind a valid token; 401 when the account has gone or is disabled since. */
export async function currentUser(ctx: AuthContext, id: number): Promise<UserRecord> {
  const user = await findUserById(ctx.db, id);
  if (user?.status !== "active") throw new ApiError(401, "the account is not available");
  return user;
}

export async function changeNickname(ctx: AuthContext, id: number, nickname: string): Promise<Session> {
  const user = await currentUser(ctx, id);
  await updateUser(ctx.db, user.id, { nickname }, ctx.now());
  return startSession(ctx, user);
}

/** Changes the password, ends every session of the user and answers a new one for this device. */
export async function changePassword(
  ctx: AuthContext,
  id: number,
  form: { oldpassword: string; password: string },
): Promise<Session> {
  const user = await currentUser(ctx, id);
  if (!(await verifyPassword(user.password_hash, form.oldpassword))) throw new ApiError(1006);
  const passwordHash = await hashPassword(form.password);
  const version = await updateUserEndingSessions(ctx.db, user.id, { passwordHash }, ctx.now(), "all");
  return startSession(ctx, { ...user, session_version: version });
}

/**
 * Password recovery by code, ending every session of the user: 1012/1013 when no account is bound
 * to the e-mail/phone.
 */
export async function resetPassword(
  ctx: AuthContext,
  form: { email_or_phone: string; code: string; password: string },
): Promise<void> {
  const user = await findUserByContact(ctx.db, form.email_or_phone);
  if (!user) throw new ApiError(isPhone(form.email_or_phone) ? 1013 : 1012);
  await consumeCode(ctx, form.email_or_phone, "reset_password", form.code);
  const passwordHash = await hashPassword(form.password);
  await updateUserEndingSessions(ctx.db, user.id, { passwordHash }, ctx.now(), "all");
  await forgetAccountFailures(ctx, user.id);
}

/** Binds a new e-mail or phone proven by a code sent to it. */
export async function bindContact(
  ctx: AuthContext,
  id: number,
  form: { method: "phone" | "email"; phone?: string | undefined; email?: string | undefined; code: string },
): Promise<Session> {
  const user = await currentUser(ctx, id);
  const value = form.method === "phone" ? form.phone : form.email;
  if (value === undefined) throw new ApiError(400, `${form.method} is required`);
  const current = form.method === "phone" ? user.phone : user.email;
  if (value === current) throw new ApiError(400, `this ${form.method} is already bound to the account`);
  if (await findUserByContact(ctx.db, value)) throw new ApiError(1004);
  await consumeCode(ctx, value, "bind", form.code);
  await updateUser(ctx.db, user.id, form.method === "phone" ? { phone: value } : { email: value }, ctx.now());
  return startSession(ctx, user);
}
