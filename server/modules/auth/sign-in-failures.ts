/**
 * Failed password sign-ins, counted so that the image captcha cannot be sidestepped: by the
 * account aimed at (by its id, whichever of its name, e-mail address or phone was typed and in
 * whatever case), by the name when it is no account (in its normalised form), and by the client's
 * address. An attempt is counted before its password is checked and taken back when it succeeds,
 * so that attempts sent side by side are each counted.
 */
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from "../../../contract/account-rules.ts";
import {
  countSignInFailure,
  deleteSignInFailures,
  findSignInFailures,
  type SignInSubject,
  uncountSignInFailure,
} from "./auth-repository.ts";
import type { AuthContext } from "./context.ts";

/** Failed sign-ins older than this no longer count towards the captcha. */
const FAILURE_WINDOW_MS = 3600 * 1000;

/**
 * Failed sign-ins from one address, on any names, after which its sign-ins need the captcha: more
 * than an account's, as several readers may share an address.
 */
export const ADDRESS_FAILURES_BEFORE_CAPTCHA = 10;

const limitOf = (subject: SignInSubject): number =>
  subject.kind === "address" ? ADDRESS_FAILURES_BEFORE_CAPTCHA : LOGIN_FAILURES_BEFORE_CAPTCHA;

/** A typed name as counted when it is no account: compatibility forms folded, lower case. */
const normalizedSignInName = (name: string): string => name.normalize("NFKC").trim().toLowerCase();

/** Whom a sign-in is counted against: the account (or the name, if none) and the address. */
export function signInSubjects(
  typedName: string,
  accountId: number | null,
  clientAddress: string,
): SignInSubject[] {
  const target: SignInSubject =
    accountId === null
      ? { kind: "name", key: normalizedSignInName(typedName) }
      : { kind: "account", key: String(accountId) };
  return [target, { kind: "address", key: clientAddress }];
}

/** Whether the next sign-in against these subjects needs the captcha. */
export async function isCaptchaDue(ctx: AuthContext, subjects: readonly SignInSubject[]): Promise<boolean> {
  const since = ctx.now() - FAILURE_WINDOW_MS;
  const rows = await findSignInFailures(ctx.db, subjects);
  return rows.some((row) => Number(row.last_at) > since && Number(row.count) >= limitOf(row));
}

/**
 * Counts an attempt against every subject; answers whether it needs the captcha, by the failures
 * counted before it.
 */
export async function countSignInAttempt(
  ctx: AuthContext,
  subjects: readonly SignInSubject[],
): Promise<boolean> {
  const now = ctx.now();
  let due = false;
  for (const subject of subjects) {
    const count = await countSignInFailure(ctx.db, subject, now, FAILURE_WINDOW_MS);
    if (count - 1 >= limitOf(subject)) due = true;
  }
  return due;
}

/**
 * A sign-in succeeded: its account starts afresh, and the address only loses this attempt, so that
 * signing in to an account of one's own does not wipe the failures on others.
 */
export async function forgiveSignInAttempt(
  ctx: AuthContext,
  subjects: readonly SignInSubject[],
): Promise<void> {
  for (const subject of subjects) {
    if (subject.kind === "address") await uncountSignInFailure(ctx.db, subject);
    else await deleteSignInFailures(ctx.db, subject);
  }
}

/** The account's failures are forgotten, as when its password is reset. */
export async function forgetAccountFailures(ctx: AuthContext, accountId: number): Promise<void> {
  await deleteSignInFailures(ctx.db, { kind: "account", key: String(accountId) });
}
