/** Reads what the server's local outbox holds: the verification codes it "sent". */
import Database from "better-sqlite3";
import { inject } from "vitest";

function openOutbox() {
  return new Database(inject("e2eSqliteFile"), { readonly: true, fileMustExist: true });
}

/** The id of the newest outbox message, so a later read can ask for messages after it. */
export function outboxMark(): number {
  const db = openOutbox();
  try {
    const row = db.prepare<[], { id: number | null }>("SELECT max(id) AS id FROM outbox").get();
    return row?.id ?? 0;
  } finally {
    db.close();
  }
}

/** The six-digit code of the newest message to `receiver` after `afterId`, waiting for it. */
export async function latestCode(receiver: string, afterId = 0, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const db = openOutbox();
  try {
    const query = db.prepare<[string, number], { body: string }>(
      "SELECT body FROM outbox WHERE receiver = ? AND id > ? ORDER BY id DESC LIMIT 1",
    );
    while (Date.now() < deadline) {
      const row = query.get(receiver, afterId);
      const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    db.close();
  }
  throw new Error(`no verification code for ${receiver} in the outbox`);
}
