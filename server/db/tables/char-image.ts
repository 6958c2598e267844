/**
 * The character images cut from the page scans (migration 0016), one row per boxed char (a `char`
 * row with the same key). The image's storage key is recorded, not derived: it carries a hash of
 * the scan and the box (server/import/char-images.ts), so a box that moves gets a new image while
 * an unchanged one is never cut twice, even by another database sharing the storage.
 */
export interface CharImageTable {
  page_uid: string;
  line_no: number;
  char_no: number;
  tripitaka_uid: string;
  /**
   * The sutra the page lies in: as its edition's catalogue places it (`edition_sutra`), else as its
   * uid says (editions stored 藏_经_卷_页); null when neither does.
   */
  sutra_uid: string | null;
  /** Storage key of the cut image; null when the page has no scan. */
  img_key: string | null;
  /** 1 when the char as printed is a variant form (異體) in the gaiji catalogue, else 0. */
  is_deform: number;
}

export interface CharImageTables {
  char_image: CharImageTable;
}
