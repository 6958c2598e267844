/**
 * Colophons (刊記, 牌記, 施刻 notes) read from the texts at import (migration 0015), one row per
 * colophon block with the fields of the spec's colophon row. A sutra's colophons are written again
 * with the sutra. Each searchable field has a folded copy (`*_fold`: simplified, traditional and
 * their variants folded to one form, server/modules/colophons/folding.ts) for contains-matching.
 */
import type { Generated } from "kysely";

export interface PubNoteTable {
  id: Generated<number>;
  tripitaka_uid: string;
  sutra_uid: string;
  reel_uid: string;
  /** Order of the colophon within its sutra. */
  sn: number;
  /** Sorts by reel: the sutra's catalogue order, then the reel number. */
  reel_order: number;
  /** Sorts by page: the volume, then the page and its register. */
  page_order: number;
  /** The sutra's name and the reel's, as the list shows them: 天一悅禪師語錄 第1卷. */
  reel_name: string;
  first_page_uid: string;
  last_page_uid: string;
  /** The uids of the pages the colophon is printed on, comma-separated, in order. */
  page_uids: string;
  /** The line ids (contract/ids.ts) of its first and last lines. */
  first_line_id: string;
  last_line_id: string;
  pub_note: string;
  pub_era: string | null;
  pub_year: number | null;
  pub_address: string | null;
  thousand_char: string | null;
  char_count: number | null;
  fundraiser: string | null;
  donor: string | null;
  donate_wish: string | null;
  donate_amount: string | null;
  /** donate_amount in 厘 (1 兩 = 1,000 厘), for sorting. */
  donate_amount_li: number | null;
  writer: string | null;
  editor: string | null;
  engraver: string | null;
  director: string | null;
  remark: string | null;
  pub_note_fold: string;
  reel_name_fold: string;
  pub_era_fold: string;
  pub_address_fold: string;
  fundraiser_fold: string;
  donor_fold: string;
  writer_fold: string;
  editor_fold: string;
  engraver_fold: string;
  director_fold: string;
  remark_fold: string;
}

export interface ColophonTables {
  pub_note: PubNoteTable;
}
