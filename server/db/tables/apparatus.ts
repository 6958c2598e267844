/**
 * The collation apparatus (migration 0028): each reel's entries as the importer read them, and the
 * witnesses' fragments that search in readings looks through (contract/apparatus-witnesses.ts).
 */
export interface ReelApparatusTable {
  reel_uid: string;
  sutra_uid: string;
  /** Places (`<app>`s and notes that stand alone) and notes, for the import report and lists. */
  entry_count: number;
  note_count: number;
  /** StoredApparatusEntry[] as JSON, in text order. */
  entries: string;
}

export interface ReadingFragmentTable {
  reel_uid: string;
  txt_type: string;
  /** The fragment's order in the reel. */
  seq: number;
  sutra_uid: string;
  tripitaka_uid: string;
  cid: string;
  /** The witnesses reading it, space-separated: `宋 元 明`. */
  witnesses: string;
  text: string;
  /** [start, end][] of the readings in `text`, as JSON. */
  spans: string;
  /** normalizeSearchText(text): what a keyword is looked for in first. */
  search_text: string;
}

export interface ApparatusTables {
  reel_apparatus: ReelApparatusTable;
  reading_fragment: ReadingFragmentTable;
}
