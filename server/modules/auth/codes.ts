/** Six-digit verification codes sent by e-mail or SMS: ten minutes valid, one send a minute. */
import { randomInt } from "node:crypto";
import { CODE_RESEND_MS, CODE_TTL_MS, type CodeScene, isPhone } from "../../../contract/account-rules.ts";
import { ApiError } from "../../errors.ts";
import { countCodeAttempt, deleteCode, findCode, saveCode } from "./auth-repository.ts";
import type { AuthContext } from "./context.ts";
import { digest } from "./passwords.ts";

/** Wrong guesses after which a code stops being accepted. */
const MAX_ATTEMPTS = 5;

const SUBJECTS: Record<CodeScene, string> = {
  register: "Your sign-up code",
  login: "Your sign-in code",
  reset_password: "Your password reset code",
  bind: "Your verification code",
};

const codeHash = (receiver: string, scene: CodeScene, code: string) => digest("code", receiver, scene, code);

export async function sendCode(ctx: AuthContext, receiver: string, scene: CodeScene): Promise<void> {
  const now = ctx.now();
  const previous = await findCode(ctx.db, receiver, scene);
  if (previous && now - previous.sent_at < CODE_RESEND_MS) throw new ApiError(507);
  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  await saveCode(ctx.db, {
    receiver,
    scene,
    codeHash: codeHash(receiver, scene, code),
    expiresAt: now + CODE_TTL_MS,
    sentAt: now,
  });
  const minutes = CODE_TTL_MS / 60_000;
  try {
    await ctx.sender.send({
      channel: isPhone(receiver) ? "sms" : "email",
      receiver,
      subject: SUBJECTS[scene],
      body: `Your verification code is ${code}. It is valid for ${minutes} minutes.`,
    });
  } catch (error) {
    await deleteCode(ctx.db, receiver, scene);
    ctx.log.error({ err: error, scene }, "sending a verification code failed");
    throw new ApiError(508);
  }
}

/** Accepts a code once: 1005 when wrong or never sent, 1008 when expired. */
export async function consumeCode(
  ctx: AuthContext,
  receiver: string,
  scene: CodeScene,
  code: string,
): Promise<void> {
  const stored = await findCode(ctx.db, receiver, scene);
  if (!stored || stored.attempts >= MAX_ATTEMPTS) throw new ApiError(1005);
  if (stored.expires_at <= ctx.now()) throw new ApiError(1008);
  if (stored.code_hash !== codeHash(receiver, scene, code)) {
    await countCodeAttempt(ctx.db, receiver, scene);
    throw new ApiError(1005);
  }
  await deleteCode(ctx.db, receiver, scene);
}
