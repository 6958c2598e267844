/**
 * The relational model of the canon, as Kysely sees it. One migration set serves SQLite and
 * PostgreSQL, so column types stay to text, integer, bigint and real; booleans are 0/1 integers and
 * small lists are JSON text.
 *
 * Text is stored a row per line (column), never a row per character: a `char` row exists only
 * where a character carries data of its own (a box on a page image). Line and char ids are derived
 * from positions (see contract/ids.ts), so they are not stored.
 */
import type { Generated, Insertable, Selectable } from "kysely";
import type { CharImageTables } from "./tables/char-image.ts";
import type { CharTypeTables } from "./tables/char-type.ts";
import type { ColophonTables } from "./tables/colophon.ts";
import type { EditionSutraTables } from "./tables/edition-sutra.ts";
import type { PackTables } from "./tables/pack.ts";
import type { PersonTables } from "./tables/person.ts";

export interface TripitakaTable {
  uid: string;
  name_sim: string;
  name_trad: string;
  short_name: string;
  store_mode: string;
  img_ready: number;
  img_suffix: string;
  cbeta_collection: string | null;
  is_listed: number;
  sn: number;
}

export interface CategoryTable {
  id: Generated<number>;
  name_trad: string;
  name_sim: string;
}

export interface DynastyTable {
  id: Generated<number>;
  name_trad: string;
  name_sim: string;
}

export interface AuthorTable {
  id: Generated<number>;
  name_trad: string;
  name_sim: string;
  authority_id: string | null;
}

export interface SutraTable {
  uid: string;
  tripitaka_uid: string;
  work_id: string;
  name_trad: string;
  name_sim: string;
  byline: string;
  /** The CBETA title statement the text was taken from, shown with it as its source. */
  source_title: string;
  category_id: number | null;
  dynasty_id: number | null;
  start_year: number | null;
  end_year: number | null;
  reel_count: number;
  char_cnt: number;
  source_file: string;
  source_hash: string;
  /** Milliseconds since the epoch; drives `sutra/all?last_updated_time`. */
  updated_at: number;
  sn: number;
}

export interface SutraAuthorTable {
  sutra_uid: string;
  author_id: number;
  sn: number;
}

export interface ReelTable {
  uid: string;
  sutra_uid: string;
  reel_no: number;
  name_trad: string;
  name_sim: string;
  char_cnt: number;
  line_count: number;
  first_page_uid: string;
  last_page_uid: string;
}

export interface BookTable {
  uid: string;
  tripitaka_uid: string;
  volume: number;
  first_page_uid: string;
  last_page_uid: string;
  page_count: number;
  /** JSON array of page uids missing between the first and the last. */
  excluded: string;
}

export interface PageTable {
  uid: string;
  tripitaka_uid: string;
  book_uid: string;
  /** Order of the page within its book. */
  sn: number;
  /** The page's id in its source: a CBETA linehead prefix (T08n0251_p0848c) or the scan's name. */
  ouid: string;
  /** JSON arrays of the reels and sutras whose text is on this page. */
  reel_uids: string;
  sutra_uids: string;
  line_count: number;
  img_name: string | null;
  img_path: string | null;
  thumb_path: string | null;
  img_width: number | null;
  img_height: number | null;
  /** JSON arrays of block and column boxes from a page scan, in image pixels. */
  blocks: string | null;
  columns: string | null;
  updated_at: number;
}

export interface LineTable {
  page_uid: string;
  line_no: number;
  reel_uid: string | null;
  /** Order of the line within its reel. */
  reel_seq: number | null;
  ori_txt: string;
  uni_txt: string;
  std_txt: string;
  sim_txt: string;
  /** Comma-separated char offsets where a paragraph starts within the line. */
  para_offsets: string | null;
}

export interface CharTable {
  page_uid: string;
  line_no: number;
  char_no: number;
  /** The char's id in the page scan's box data, e.g. b1c2c5. */
  box_char_id: string;
  block_no: number;
  x: number;
  y: number;
  w: number;
  h: number;
  cc: number | null;
  ori_txt: string;
  uni_txt: string;
  std_txt: string;
  sim_txt: string;
}

export interface MuluTable {
  sutra_uid: string;
  sn: number;
  parent_sn: number | null;
  level: number;
  type: string;
  label_trad: string;
  label_sim: string;
  reel_uid: string;
  page_uid: string;
  line_no: number;
}

export interface GaijiTable {
  /** CB00001, SD-A5A9, RJ-C943 */
  code: string;
  /** The private-use code point the text uses when Unicode lacks the character. */
  pua: number;
  uni_char: string | null;
  norm_char: string | null;
  composition: string | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

/** Times below are milliseconds since the epoch; `roles` is a JSON array of role strings. */
export interface UserTable {
  id: Generated<number>;
  username: string;
  nickname: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  avatar: Generated<string>;
  roles: Generated<string>;
  status: Generated<string>;
  wechat_id: string | null;
  google_id: string | null;
  /**
   * Carried in every access token; a token naming another version is refused. Raised when the
   * user's sessions end: at logout, a password change or a change of roles.
   */
  session_version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface VerificationCodeTable {
  receiver: string;
  scene: string;
  code_hash: string;
  expires_at: number;
  sent_at: number;
  attempts: Generated<number>;
}

export interface CaptchaTable {
  identifier: string;
  answer_hash: string;
  expires_at: number;
}

export interface SignInFailureTable {
  kind: "account" | "name" | "address";
  key: string;
  count: number;
  last_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  receiver: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface RefreshTokenTable {
  /** The token's jti; the secret half is stored only as a hash. */
  id: string;
  user_id: number;
  token_hash: string;
  expires_at: number;
  revoked: Generated<number>;
}

export interface OplogTable {
  id: Generated<number>;
  user_id: number | null;
  anonymous_uuid: string;
  tripitaka_uid: string | null;
  event_id: string;
  url: string;
  ip: string;
  user_agent: string;
  timezone: string;
  terminal: string;
  /** JSON object of the event's details. */
  extra: string;
  created_at: number;
}

/**
 * Rollups of the operation log (migration 0014): `grain` 0 UTC hour, 1 UTC day, 2 UTC month,
 * 3 UTC quarter, 4 the site's day (sketches only); `bucket` the hours since the epoch at the
 * bucket's start; `user_id` 0 for visitors not signed in.
 */
export interface OplogEventRollupTable {
  grain: number;
  bucket: number;
  event_id: string;
  n: number;
}

export interface OplogUserRollupTable {
  grain: number;
  bucket: number;
  user_id: number;
  n: number;
}

/** A closed bucket's events per user, packed (server/modules/oplog/packed-user-counts.ts). */
export interface OplogUserPackedTable {
  grain: number;
  bucket: number;
  users: Uint8Array;
}

export interface OplogUserEventRollupTable {
  grain: number;
  event_id: string;
  bucket: number;
  user_id: number;
  n: number;
}

export interface OplogKeywordRollupTable {
  grain: number;
  bucket: number;
  keyword: string;
  n: number;
}

/** `kind` anonymous or ip; `sketch` an encoded distinct-count sketch (server/modules/oplog/sketch.ts). */
export interface OplogDistinctSketchTable {
  kind: string;
  grain: number;
  bucket: number;
  sketch: Uint8Array;
  /** The sketch's count (exact or estimated). */
  estimate: number;
}

export interface OplogRollupBackfillTable {
  id: number;
  pending_to: number;
  done_to: number;
}

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

/** Spec section 3, Article; booleans are 0/1, `created_by` and `updated_by` null for seeded articles. */
export interface ArticleTable {
  id: Generated<number>;
  uid: string;
  title: string;
  type: string;
  is_actived: number;
  is_top: number;
  top_at: number | null;
  summary: string;
  content: string;
  cover_url: string;
  create_time: number;
  updated_time: number;
  created_by: number | null;
  updated_by: number | null;
}

/** Full-canon search (server/modules/search): a slot per indexed tripitaka, so reel ids group by it. */
export interface SearchTripitakaTable {
  uid: string;
  slot: number;
  /** Counts the changes to the tripitaka's index, so what is kept of it knows when it is stale. */
  version: Generated<number>;
}

/** One indexed reel; `id` is the index's document id: slot × 2³² + a number within the slot. */
export interface SearchReelTable {
  id: number;
  reel_uid: string;
  sutra_uid: string;
  tripitaka_uid: string;
  /** Searchable chars of each of the reel's lines (server/modules/search/line-chars.ts). */
  line_chars: Buffer | null;
}

/** PostgreSQL only: a segment of the positional search index (postgres-segments.ts). */
export interface SearchSegmentTable {
  id: Generated<number>;
  slot: number;
  /** The sutra whose own segment it is; null for a bulk segment of the slot. */
  sutra_uid: string | null;
  /** The highest reel id the segment stands for: later reels get higher ids. */
  reel_hi: number;
  reels: number;
}

/** PostgreSQL only: a token's posting lists in one segment (postgres-postings.ts; stored as posting-list-bytes.ts writes them). */
export interface SearchPostingTable {
  gram: string;
  slot: number;
  seg: number;
  /** Null where the form lacks the token; empty where the list equals std's. */
  ori: Buffer | null;
  std: Buffer | null;
  sim: Buffer | null;
}

/** A write's `Idempotency-Key` and, once the write is done, the answer it got (kept seven days). */
export interface IdempotencyRecordTable {
  /** "user:<id>" for a signed-in sender, "guest" otherwise. */
  scope: string;
  key: string;
  method: string;
  path: string;
  /** sha256 (hex) of the method, path, query and canonical JSON body. */
  fingerprint: string;
  state: "pending" | "done";
  status_code: number | null;
  /** The JSON envelope as sent. */
  response_body: string | null;
  created_at: number;
}

/** An upload policy that has been used, kept until it expires (a policy is good for one file). */
export interface SpentUploadPolicyTable {
  /** The random id the signed policy document carries. */
  policy_id: string;
  /** When the policy expires, ms since the epoch. */
  expires_at: number;
}

/** A rate limit's hits in its current window, per route and client (server/plugins/rate-limit-store.ts). */
export interface RateLimitHitTable {
  route: string;
  key: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

export interface Database
  extends ColophonTables,
    CharImageTables,
    CharTypeTables,
    EditionSutraTables,
    PersonTables,
    PackTables {
  tripitaka: TripitakaTable;
  category: CategoryTable;
  dynasty: DynastyTable;
  author: AuthorTable;
  sutra: SutraTable;
  sutra_author: SutraAuthorTable;
  reel: ReelTable;
  book: BookTable;
  page: PageTable;
  line: LineTable;
  char: CharTable;
  mulu: MuluTable;
  gaiji: GaijiTable;
  setting: SettingTable;
  user: UserTable;
  verification_code: VerificationCodeTable;
  captcha: CaptchaTable;
  sign_in_failure: SignInFailureTable;
  outbox: OutboxTable;
  refresh_token: RefreshTokenTable;
  oplog: OplogTable;
  oplog_event_rollup: OplogEventRollupTable;
  oplog_user_rollup: OplogUserRollupTable;
  oplog_user_packed: OplogUserPackedTable;
  oplog_user_event_rollup: OplogUserEventRollupTable;
  oplog_keyword_rollup: OplogKeywordRollupTable;
  oplog_distinct_sketch: OplogDistinctSketchTable;
  oplog_rollup_backfill: OplogRollupBackfillTable;
  sutra_group: SutraGroupTable;
  sutra_group_item: SutraGroupItemTable;
  user_conf: UserConfTable;
  user_op: UserOpTable;
  feedback: FeedbackTable;
  feedback_log: FeedbackLogTable;
  message: MessageTable;
  application: ApplicationTable;
  application_log: ApplicationLogTable;
  articles: ArticleTable;
  search_tripitaka: SearchTripitakaTable;
  search_reel: SearchReelTable;
  search_segment: SearchSegmentTable;
  search_posting: SearchPostingTable;
  idempotency_record: IdempotencyRecordTable;
  spent_upload_policy: SpentUploadPolicyTable;
  rate_limit_hit: RateLimitHitTable;
}

export type SutraRow = Selectable<SutraTable>;
export type ReelRow = Selectable<ReelTable>;
export type PageRow = Selectable<PageTable>;
export type LineRow = Selectable<LineTable>;
export type NewLine = Insertable<LineTable>;
export type NewChar = Insertable<CharTable>;
export type NewPage = Insertable<PageTable>;
