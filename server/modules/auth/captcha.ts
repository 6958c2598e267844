/** Image captchas: one attempt each, answers stored hashed, valid for five minutes. */
import { randomUUID } from "node:crypto";
import { CAPTCHA_TTL_MS } from "../../../contract/account-rules.ts";
import type { Captcha } from "../../../contract/accounts.ts";
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from "./auth-repository.ts";
import { captchaPng } from "./captcha-image.ts";
import { captchaText } from "./captcha-svg.ts";
import type { AuthContext } from "./context.ts";
import { digest } from "./passwords.ts";

export type CaptchaCheck = "ok" | "wrong" | "expired";

/** Expired captchas are deleted at most this often, when a captcha is created. */
export const CAPTCHA_PURGE_INTERVAL_MS = 60_000;

const answerHash = (identifier: string, answer: string) =>
  digest("captcha", identifier, answer.toUpperCase());

export type CaptchaIssuer = { create(): Promise<Captcha> };

/** Draws and stores new captchas, clearing out expired ones now and then. */
export function captchaIssuer(ctx: AuthContext): CaptchaIssuer {
  let nextPurgeAt = Number.NEGATIVE_INFINITY;

  async function purgeExpired(at: number): Promise<void> {
    if (at < nextPurgeAt) return;
    nextPurgeAt = at + CAPTCHA_PURGE_INTERVAL_MS;
    await deleteExpiredCaptchas(ctx.db, at);
  }

  return {
    async create() {
      const now = ctx.now();
      await purgeExpired(now);
      const identifier = randomUUID();
      const text = captchaText(ctx.random);
      const png = await captchaPng(text, ctx.random);
      await insertCaptcha(ctx.db, identifier, answerHash(identifier, text), now + CAPTCHA_TTL_MS);
      return { image_base64: `data:image/png;base64,${png.toString("base64")}`, identifier };
    },
  };
}

/** Checks and uses up a captcha; an unknown identifier counts as expired. */
export async function checkCaptcha(
  ctx: AuthContext,
  identifier: string,
  answer: string,
): Promise<CaptchaCheck> {
  const stored = await takeCaptcha(ctx.db, identifier);
  if (!stored || stored.expires_at <= ctx.now()) return "expired";
  return stored.answer_hash === answerHash(identifier, answer.trim()) ? "ok" : "wrong";
}
