/** Tables of the character types: the rare and variant characters of the imported texts. */

/**
 * One distinct character of a tripitaka's original text that is a private-use gaiji or a variant
 * form; booleans are 0/1. `code_point` orders the rows by character on both databases.
 */
export interface CharTypeTable {
  tripitaka_uid: string;
  ori_txt: string;
  uni_txt: string;
  std_txt: string;
  sim_txt: string;
  code_point: number;
  is_manual: number;
  is_deform: number;
  /** Occurrences in the ori_txt of the tripitaka's lines. */
  frequency: number;
  gaiji_code: string | null;
  composition: string | null;
}

export interface CharTypeTables {
  char_type: CharTypeTable;
}
