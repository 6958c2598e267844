/** A reader's messages (server/modules/messages). */
import type { Generated } from "kysely";

/**
 * Spec section 3, Message; `extra` is a JSON object, booleans are 0/1. A notice the server wrote
 * has a `kind` and its `params` (a JSON object, contract/messages.ts) and is written in the
 * reader's language as it is read; a message with no kind is its `content`.
 */
export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  msg_type: string;
  content: string;
  extra: string;
  kind: string | null;
  params: string | null;
  is_read: Generated<number>;
  is_deleted: Generated<number>;
  send_at: number;
}

export interface MessageTables {
  message: MessageTable;
}
