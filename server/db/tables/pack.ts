/** The packs the server holds (server/packs, served by server/modules/packs). */

/**
 * One pack file in storage under `file_key`. `scope` is the JSON of its download scope,
 * `sutra_uids_hash` the sha256 of its sutra uids sorted and joined by newlines, `txt_types` its text
 * forms comma-joined in the canonical order; booleans are 0/1.
 */
export interface PackTable {
  name: string;
  file_key: string;
  tripitaka_uid: string;
  scope: string;
  label: string;
  sutra_uids_hash: string;
  sutra_count: number;
  txt_types: string;
  with_pages: number;
  with_images: number;
  canon_version: string;
  bytes: number;
  manifest_sha256: string;
  created_at: number;
}

export interface PackTables {
  pack: PackTable;
}
