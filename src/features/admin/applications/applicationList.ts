/**
 * The administrator's application list (spec sections 2, 3, 7): its filters in the address, and
 * the table's columns, all shown at first and chosen by the administrator.
 */
import { APPLICATION_STATUSES } from "../../../../contract/application-rules.ts";
import type { ListShape } from "../../list-screen/listSearch.ts";

const filters = {
  real_name: "text",
  username: "text",
  email: "text",
  phone: "text",
  latest_status: APPLICATION_STATUSES,
} as const;

/** The server keeps its own order (the latest updated first): no sorting. */
export const APPLICATION_LIST: ListShape<typeof filters> = { filters, sorts: [], defaultSort: "" };

export const APPLICATION_COLUMN_IDS = [
  "applyId",
  "realName",
  "company",
  "user",
  "email",
  "phone",
  "latestStatus",
  "intro",
  "purpose",
  "updatedAt",
  "lastOperation",
] as const;
export type ApplicationColumnId = (typeof APPLICATION_COLUMN_IDS)[number];
export const APPLICATION_COLUMNS_KEY = "canon-reader.columns.admin-applications";
