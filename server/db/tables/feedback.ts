/** Feedback and its conversation (server/modules/feedback). */
import type { Generated } from "kysely";

/** Spec section 3, Feedback; `status` is the admin's, the reader's status derives from it. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  feedback_type: string;
  question_type: string;
  source: string;
  tripitaka_uid: string;
  sutra_uid: string;
  reel_uid: string | null;
  page_id: string | null;
  block_id: string | null;
  /** JSON array of line or char ids. */
  cids: string;
  origin_text: string;
  suggestion: string;
  /** Storage key of the attached image. */
  attachment: string | null;
  status: string;
  has_unread_log: Generated<number>;
  last_deal_by: number | null;
  last_deal_at: number | null;
  client_key: string | null;
  created_at: number;
  updated_at: number;
}

/** A reply to a feedback (sender "admin") or the reader's continuation of it (sender "reader"). */
export interface FeedbackLogTable {
  id: Generated<number>;
  feedback_id: number;
  sender: string;
  author_id: number | null;
  content: string;
  /** Storage key of the attached image. */
  attachment: string | null;
  /** The feedback's status the entry set; a reader's entry carries pending. */
  status: string;
  created_at: number;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
  feedback_log: FeedbackLogTable;
}
