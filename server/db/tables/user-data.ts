/**
 * A reader's own data (server/modules/user-data, groups): custom groups, settings and the writes
 * synced from devices.
 */
import type { Generated } from "kysely";

export interface SutraGroupTable {
  id: Generated<number>;
  user_id: number;
  tripitaka_uid: string;
  name: string;
  sn: number;
  created_at: number;
  updated_at: number;
}

export interface SutraGroupItemTable {
  group_id: number;
  sutra_uid: string;
  added_at: number;
}

export interface UserConfTable {
  user_id: number;
  field: string;
  /** JSON. */
  value: string;
  updated_at: number;
}

export interface UserOpTable {
  id: Generated<number>;
  user_id: number;
  tripitaka_uid: string;
  op_type: string;
  target_uid: string;
  /** JSON of the op's context (reel_uids, reel_uid, page_uid). */
  context: string;
  created_at: number;
}

export interface UserDataTables {
  sutra_group: SutraGroupTable;
  sutra_group_item: SutraGroupItemTable;
  user_conf: UserConfTable;
  user_op: UserOpTable;
}
