/**
 * The signed-in reader's unread counts (`GET /v1/user/msg_remind`), shared by the user menu, the
 * home page's new-message prompt and the personal centre, which refreshes them after a view
 * that marks something read.
 */
import type { MsgRemind } from "../../../../contract/messages.ts";

export type RemindStore = {
  get(): MsgRemind | null;
  subscribe(listener: () => void): () => void;
  /** Asks the server again; a failed request keeps the last counts. */
  refresh(): Promise<MsgRemind | null>;
  /** Forgets the counts (another reader may sign in next). */
  clear(): void;
};

export function createRemindStore(fetchRemind: () => Promise<MsgRemind>): RemindStore {
  let counts: MsgRemind | null = null;
  let running: Promise<MsgRemind | null> | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => counts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      running ??= fetchRemind()
        .then(
          (next) => {
            counts = next;
            emit();
            return next;
          },
          () => counts,
        )
        .finally(() => {
          running = null;
        });
      return running;
    },
    clear() {
      counts = null;
      emit();
    },
  };
}

export type PromptTarget = "myMsg" | "myFeedback";

/** The tabs the new-message prompt links to: unread messages first, then feedback replies. */
export function promptTargets(counts: MsgRemind | null): PromptTarget[] {
  if (!counts) return [];
  const targets: PromptTarget[] = [];
  if (counts.my_msg_num > 0) targets.push("myMsg");
  if (counts.feedback_msg_num > 0) targets.push("myFeedback");
  return targets;
}

/**
 * The prompt shows once for each sign-in: the key names the token it was shown for, so a reader
 * who signs in again (a new token) sees it again, and a reload of home does not.
 */
export const PROMPT_SHOWN_KEY = "canon.msgPromptShown";
export const PROMPT_MS = 10_000;

export function shouldPrompt(shownFor: string | null, token: string | null): boolean {
  return token !== null && shownFor !== token;
}
