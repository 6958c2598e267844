/**
 * The sutras as their edition's catalogue lists them (migration 0024), text imported or not: where
 * each lies in the edition's volumes, so that a scanned page can be placed in its sutra.
 */
export interface EditionSutraTable {
  uid: string;
  tripitaka_uid: string;
  name_sim: string;
  name_trad: string;
  /** The volume the sutra starts in, as the catalogue names it (`JS_100`, `GL_8_1`), and its page there. */
  start_volume: string;
  start_page: number;
  end_volume: string;
  end_page: number;
  /** Order in the catalogue. */
  sn: number;
}

export interface EditionSutraTables {
  edition_sutra: EditionSutraTable;
}
