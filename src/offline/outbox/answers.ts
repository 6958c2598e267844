/**
 * Personal-centre reads kept on this device: each answer fetched online is stored under its key,
 * and offline, or when the network fails on the way, the stored one is answered instead. An answer
 * the server gave (an error included) is never replaced by the stored copy.
 */
import { ApiError, isAbort } from "../../api/errors.ts";
import type { UserDb } from "../userData/db.ts";

/** Nothing stored for a read first attempted offline. */
export class NotKeptOfflineError extends Error {
  override readonly name: string = "NotKeptOfflineError";
}

export async function readThrough<T>(
  db: UserDb,
  userId: number,
  key: string,
  load: () => Promise<T>,
  options: { online: boolean; now: number },
): Promise<T> {
  if (options.online) {
    try {
      const value = await load();
      await db.answers.put({ user_id: userId, key, value, fetched_at: options.now });
      return value;
    } catch (error) {
      if (error instanceof ApiError || isAbort(error)) throw error;
    }
  }
  const kept = await db.answers.get([userId, key]);
  if (!kept) throw new NotKeptOfflineError(`${key} was not opened online on this device`);
  // What was stored under this key came from the same `load`.
  return kept.value as T;
}
