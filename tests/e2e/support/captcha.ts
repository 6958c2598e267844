/**
 * Answers an image captcha without a way around it in the server: the answer is found by trying
 * the captcha alphabet against the stored answer digest (4 characters: about 600,000 tries).
 */
import Database from "better-sqlite3";
import { inject } from "vitest";
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH } from "../../../server/modules/auth/captcha-svg.ts";
import { digest } from "../../../server/modules/auth/passwords.ts";

export function solveCaptcha(identifier: string): string {
  const db = new Database(inject("e2eSqliteFile"), { readonly: true, fileMustExist: true });
  let stored: string | undefined;
  try {
    stored = db
      .prepare<[string], { answer_hash: string }>("SELECT answer_hash FROM captcha WHERE identifier = ?")
      .get(identifier)?.answer_hash;
  } finally {
    db.close();
  }
  if (!stored) throw new Error(`captcha ${identifier} is not stored (used or expired)`);
  const alphabet = [...CAPTCHA_ALPHABET];
  const indices = new Array<number>(CAPTCHA_LENGTH).fill(0);
  for (;;) {
    const answer = indices.map((i) => alphabet[i]).join("");
    if (digest("captcha", identifier, answer) === stored) return answer;
    let position = CAPTCHA_LENGTH - 1;
    while (position >= 0 && indices[position] === alphabet.length - 1) indices[position--] = 0;
    if (position < 0) throw new Error(`no answer matches captcha ${identifier}`);
    indices[position] = (indices[position] ?? 0) + 1;
  }
}
