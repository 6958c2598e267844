/** Image captchas: one attempt each, answers stored hashed, valid for five minutes. */
import { randomUUID } from "node:crypto";
import { CAPTCHA_TTL_MS } from "../../../contract/account-rules.ts";
import { deleteExpiredCaptchas, insertCaptcha, takeCaptcha } from "./auth-repository.ts";
import { captchaSvg, captchaText } from "./captcha-svg.ts";
import type { AuthContext } from "./context.ts";
import { digest } from "./passwords.ts";

export type CaptchaCheck = "ok" | "wrong" | "expired";

const answerHash = (identifier: string, answer: string) =>
  digest("captcha", identifier, answer.toUpperCase());

export async function createCaptcha(ctx: AuthContext): Promise<{ image_base64: string; identifier: string }> {
  const now = ctx.now();
  await deleteExpiredCaptchas(ctx.db, now);
  const identifier = randomUUID();
  const text = captchaText(ctx.random);
  const svg = captchaSvg(text, ctx.random);
  await insertCaptcha(ctx.db, identifier, answerHash(identifier, text), now + CAPTCHA_TTL_MS);
  return { image_base64: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, identifier };
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
