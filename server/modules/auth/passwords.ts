import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * A hash of a random password, made with the settings of every stored hash the first time it is
 * asked for, to check a password against when there is no account: the check then takes as long
 * as for an account.
 */
export function unknownAccountHash(): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => {
    made ??= hashPassword(randomBytes(32).toString("base64url"));
    return made;
  };
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A digest for short-lived secrets (captcha answers, codes, refresh tokens): they expire or are
 * high-entropy, so a fast hash is enough to keep the table from holding usable values.
 */
export function digest(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex");
}
