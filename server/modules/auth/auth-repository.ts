/** Reads and writes of the sign-in bookkeeping: captchas, codes and refresh tokens. */
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { Database, SignInFailureTable } from "../../db/schema.ts";

type Db = Kysely<Database>;

export async function insertCaptcha(db: Db, identifier: string, answerHash: string, expiresAt: number) {
  await db
    .insertInto("captcha")
    .values({ identifier, answer_hash: answerHash, expires_at: expiresAt })
    .execute();
}

/** Removes and returns a captcha: each one is good for a single attempt. */
export async function takeCaptcha(db: Db, identifier: string) {
  return db
    .deleteFrom("captcha")
    .where("identifier", "=", identifier)
    .returning(["answer_hash", "expires_at"])
    .executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: Db, now: number): Promise<void> {
  await db.deleteFrom("captcha").where("expires_at", "<", now).execute();
}

export async function findCode(db: Db, receiver: string, scene: string) {
  return db
    .selectFrom("verification_code")
    .select(["code_hash", "expires_at", "sent_at", "attempts"])
    .where("receiver", "=", receiver)
    .where("scene", "=", scene)
    .executeTakeFirst();
}

export type StoredCode = {
  receiver: string;
  scene: string;
  codeHash: string;
  expiresAt: number;
  sentAt: number;
};

export async function saveCode(db: Db, code: StoredCode): Promise<void> {
  const values = { code_hash: code.codeHash, expires_at: code.expiresAt, sent_at: code.sentAt, attempts: 0 };
  await db
    .insertInto("verification_code")
    .values({ receiver: code.receiver, scene: code.scene, ...values })
    .onConflict((oc) => oc.columns(["receiver", "scene"]).doUpdateSet(values))
    .execute();
}

export async function countCodeAttempt(db: Db, receiver: string, scene: string): Promise<void> {
  await db
    .updateTable("verification_code")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("receiver", "=", receiver)
    .where("scene", "=", scene)
    .execute();
}

export async function deleteCode(db: Db, receiver: string, scene: string): Promise<void> {
  await db
    .deleteFrom("verification_code")
    .where("receiver", "=", receiver)
    .where("scene", "=", scene)
    .execute();
}

export type SignInSubject = Pick<Selectable<SignInFailureTable>, "kind" | "key">;

const subjectIs = (subject: SignInSubject) => (eb: ExpressionBuilder<Database, "sign_in_failure">) =>
  eb.and([eb("kind", "=", subject.kind), eb("key", "=", subject.key)]);

/**
 * Adds an attempt to the subject's count in one atomic upsert, starting again from one when the
 * last was `windowMs` ago or more; answers the count with this attempt.
 */
export async function countSignInFailure(
  db: Db,
  subject: SignInSubject,
  now: number,
  windowMs: number,
): Promise<number> {
  const row = await db
    .insertInto("sign_in_failure")
    .values({ ...subject, count: 1, last_at: now })
    .onConflict((oc) =>
      oc.columns(["kind", "key"]).doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("sign_in_failure.last_at", "<=", now - windowMs)
          .then(eb.lit(1))
          .else(eb("sign_in_failure.count", "+", eb.lit(1)))
          .end(),
        last_at: now,
      })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findSignInFailures(db: Db, subjects: readonly SignInSubject[]) {
  if (subjects.length === 0) return [];
  return db
    .selectFrom("sign_in_failure")
    .select(["kind", "key", "count", "last_at"])
    .where((eb) => eb.or(subjects.map((subject) => subjectIs(subject)(eb))))
    .execute();
}

export async function deleteSignInFailures(db: Db, subject: SignInSubject): Promise<void> {
  await db.deleteFrom("sign_in_failure").where(subjectIs(subject)).execute();
}

/** Takes one attempt off the subject's count. */
export async function uncountSignInFailure(db: Db, subject: SignInSubject): Promise<void> {
  await db
    .updateTable("sign_in_failure")
    .set((eb) => ({ count: eb("count", "-", eb.lit(1)) }))
    .where(subjectIs(subject))
    .where("count", ">", 0)
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  token: { id: string; userId: number; tokenHash: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto("refresh_token")
    .values({
      id: token.id,
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findRefreshToken(db: Db, id: string) {
  return db
    .selectFrom("refresh_token")
    .select(["id", "user_id", "token_hash", "expires_at", "revoked", "used_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Marks one token used at `now`, as it is exchanged for the next; answers whether this call did
 * (false if it was used already).
 */
export async function revokeRefreshToken(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("refresh_token")
    .set({ revoked: 1, used_at: now })
    .where("id", "=", id)
    .where("revoked", "=", 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Removes one token: its session has ended. Ended tokens are removed rather than marked used, so
 * that one presented afterwards is merely unknown and not taken for a stolen one.
 */
export async function deleteRefreshToken(db: Db, id: string): Promise<void> {
  await db.deleteFrom("refresh_token").where("id", "=", id).execute();
}

/** Removes every refresh token of the user, ending all their sessions. */
export async function deleteUserRefreshTokens(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("refresh_token").where("user_id", "=", userId).execute();
}

export async function insertOutboxMessage(
  db: Db,
  message: { channel: string; receiver: string; subject: string; body: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto("outbox")
    .values({
      channel: message.channel,
      receiver: message.receiver,
      subject: message.subject,
      body: message.body,
      created_at: message.createdAt,
    })
    .execute();
}
