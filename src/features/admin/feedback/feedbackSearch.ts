/** The administrator's feedback list's address (spec sections 2, 3, 7): its filters and order. */
import { FEEDBACK_SORTS, FEEDBACK_STATUSES, QUESTION_TYPES } from "../../../../contract/feedback.ts";
import type { ListShape } from "../../list-screen/listSearch.ts";

const filters = {
  question_type: QUESTION_TYPES,
  sutra: "text",
  username: "text",
  start_date: "date",
  end_date: "date",
  status: FEEDBACK_STATUSES,
} as const;

export const FEEDBACK_LIST: ListShape<typeof filters> = {
  filters,
  sorts: FEEDBACK_SORTS,
  defaultSort: "-created_at",
};
