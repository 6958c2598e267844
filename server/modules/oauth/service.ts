/**
 * Signing in or binding with a provider identity: a known identity signs its account in; a new
 * one gets an account of its own; a signed-in reader binds it to theirs (spec codes 1015, 1016).
 */
import { createHash } from "node:crypto";
import type { OAuthProvider } from "../../../contract/oauth.ts";
import { ApiError, badRequest } from "../../errors.ts";
import type { AuthContext } from "../auth/context.ts";
import { currentUser } from "../auth/profile.ts";
import { type Session, startSession } from "../auth/sign-in.ts";
import {
  findUserByContact,
  findUserById,
  findUserByProvider,
  findUserByUsername,
  insertUser,
  updateUser,
} from "../auth/user-repository.ts";
import type { ProviderIdentity } from "./providers.ts";

const providerIdChange = (provider: OAuthProvider, id: string) =>
  provider === "wechat" ? { wechatId: id } : { googleId: id };

function boundElsewhere(provider: OAuthProvider): ApiError {
  return provider === "wechat"
    ? new ApiError(1015)
    : badRequest("this Google account is bound to another account");
}

function alreadyBound(provider: OAuthProvider): ApiError {
  return provider === "wechat"
    ? new ApiError(1016)
    : badRequest("this account is already bound to a Google account");
}

async function freeUsername(ctx: AuthContext, provider: OAuthProvider, id: string): Promise<string> {
  const stem = `${provider === "wechat" ? "wx" : "google"}_${createHash("sha256").update(id).digest("hex").slice(0, 8)}`;
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? stem : `${stem}_${n}`;
    if (!(await findUserByUsername(ctx.db, candidate))) return candidate;
  }
}

async function createProviderUser(ctx: AuthContext, provider: OAuthProvider, identity: ProviderIdentity) {
  const username = await freeUsername(ctx, provider, identity.id);
  const email = identity.email && !(await findUserByContact(ctx.db, identity.email)) ? identity.email : null;
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertUser(trx, {
      username,
      nickname: identity.nickname.trim().slice(0, 50) || username,
      email,
      phone: null,
      // No password: this account signs in through its provider until one is set by recovery.
      passwordHash: "",
      roles: ["reader"],
      now,
    });
    await updateUser(
      trx,
      id,
      { ...providerIdChange(provider, identity.id), ...(identity.avatar ? { avatar: identity.avatar } : {}) },
      now,
    );
    return id;
  });
}

export async function signInWithProvider(
  ctx: AuthContext,
  provider: OAuthProvider,
  identity: ProviderIdentity,
  signedInUserId: number | null,
): Promise<Session> {
  const owner = await findUserByProvider(ctx.db, provider, identity.id);
  if (signedInUserId !== null) {
    const user = await currentUser(ctx, signedInUserId);
    if (owner && owner.id !== user.id) throw boundElsewhere(provider);
    const current = provider === "wechat" ? user.wechat_id : user.google_id;
    if (current !== null && current !== identity.id) throw alreadyBound(provider);
    if (current === null)
      await updateUser(ctx.db, user.id, providerIdChange(provider, identity.id), ctx.now());
    return startSession(ctx, user);
  }
  if (owner) {
    if (owner.status !== "active") throw new ApiError(403, "this account is disabled");
    return startSession(ctx, owner);
  }
  const created = await findUserById(ctx.db, await createProviderUser(ctx, provider, identity));
  if (!created) throw new ApiError(1001);
  return startSession(ctx, created);
}
