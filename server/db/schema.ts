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
import type { AccountTables } from "./tables/account.ts";
import type { ApparatusTables } from "./tables/apparatus.ts";
import type { ApplicationTables } from "./tables/application.ts";
import type { ArticleTables } from "./tables/article.ts";
import type { CharImageTables } from "./tables/char-image.ts";
import type { CharTypeTables } from "./tables/char-type.ts";
import type { ColophonTables } from "./tables/colophon.ts";
import type { EditionSutraTables } from "./tables/edition-sutra.ts";
import type { FeedbackTables } from "./tables/feedback.ts";
import type { MessageTables } from "./tables/message.ts";
import type { OplogTables } from "./tables/oplog.ts";
import type { PackTables } from "./tables/pack.ts";
import type { PersonTables } from "./tables/person.ts";
import type { RequestTables } from "./tables/requests.ts";
import type { SearchTables } from "./tables/search.ts";
import type { UserDataTables } from "./tables/user-data.ts";

/** Tables kept beside their modules, named here too for the code that imports them from the schema. */
export type {
  CaptchaTable,
  OutboxTable,
  RefreshTokenTable,
  SignInFailureTable,
  UserTable,
  VerificationCodeTable,
} from "./tables/account.ts";
export type { ApplicationLogTable, ApplicationTable } from "./tables/application.ts";
export type { ArticleTable } from "./tables/article.ts";
export type { FeedbackLogTable, FeedbackTable } from "./tables/feedback.ts";
export type { MessageTable } from "./tables/message.ts";
export type {
  OplogDistinctSketchTable,
  OplogEventRollupTable,
  OplogKeywordRollupTable,
  OplogRollupBackfillTable,
  OplogTable,
  OplogUserEventRollupTable,
  OplogUserPackedTable,
  OplogUserRollupTable,
} from "./tables/oplog.ts";
export type { IdempotencyRecordTable, RateLimitHitTable, SpentUploadPolicyTable } from "./tables/requests.ts";
export type {
  SearchPostingTable,
  SearchReelTable,
  SearchSegmentTable,
  SearchTripitakaTable,
} from "./tables/search.ts";
export type { SutraGroupItemTable, SutraGroupTable, UserConfTable, UserOpTable } from "./tables/user-data.ts";

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

export interface Database
  extends ColophonTables,
    CharImageTables,
    CharTypeTables,
    EditionSutraTables,
    PersonTables,
    PackTables,
    AccountTables,
    ApparatusTables,
    OplogTables,
    UserDataTables,
    FeedbackTables,
    MessageTables,
    ApplicationTables,
    ArticleTables,
    SearchTables,
    RequestTables {
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
}

export type SutraRow = Selectable<SutraTable>;
export type ReelRow = Selectable<ReelTable>;
export type PageRow = Selectable<PageTable>;
export type LineRow = Selectable<LineTable>;
export type NewLine = Insertable<LineTable>;
export type NewChar = Insertable<CharTable>;
export type NewPage = Insertable<PageTable>;
