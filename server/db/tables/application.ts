/** Researcher applications and their history (server/modules/applications). */
import type { Generated } from "kysely";

/** Spec section 3, Application: one per reader, submitted again in place after a rejection. */
export interface ApplicationTable {
  id: Generated<number>;
  user_id: number;
  real_name: string;
  company: string;
  intro: string;
  purpose: string;
  latest_status: string;
  latest_deal_by: number | null;
  latest_deal_at: number | null;
  created_at: number;
  updated_at: number;
}

/** An application's history: each submission (pending) and each decision. */
export interface ApplicationLogTable {
  id: Generated<number>;
  application_id: number;
  status: string;
  reason: string;
  deal_by: number | null;
  deal_at: number;
}

export interface ApplicationTables {
  application: ApplicationTable;
  application_log: ApplicationLogTable;
}
