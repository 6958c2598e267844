/** Stored rows for the offline search tests: a reel text of one page built from the lines given, and its sutra. */

import type { Sutra } from "../../contract/canon.ts";
import type { StoredSutra, UnpackedReelText } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";

export function syntheticReelRow(
  sutraNo: number,
  reelNo: number,
  txtType: TxtType,
  lines: string[],
): UnpackedReelText {
  const sutraUid = `TS${String(sutraNo).padStart(4, "0")}`;
  const reelUid = `${sutraUid}_${reelNo}`;
  const pageUid = `TS_1_${sutraNo}a`;
  const chars = lines.reduce((sum, line) => sum + line.length, 0);
  return {
    reel_uid: reelUid,
    txt_type: txtType,
    sutra_uid: sutraUid,
    tripitaka_uid: "TS",
    reel: {
      sutra_uid: sutraUid,
      reel_uid: reelUid,
      reel_no: reelNo,
      name: `卷${reelNo}`,
      sutra_name: `經${sutraNo}`,
      dynasty_author: "",
      txt_type: txtType,
      pages: [
        {
          uid: pageUid,
          ouid: "",
          cids: [],
          images: [],
          lines: lines.map((text, at) => ({ cid: `${pageUid}.${at + 1}`, text, para_offsets: [] })),
        },
      ],
      format: { chars, columns: lines.length },
      prev_reel_uid: null,
      next_reel_uid: null,
      source: { title: "", availability: "", file: "" },
    },
    chars,
    bytes: chars * 3,
    stored_at: 1,
  };
}

/** Sutra `sutraNo` of TS with `reels` reels of `reelChars` chars each, in one of five categories. */
export function syntheticSutraRow(sutraNo: number, reels: number, reelChars: number): StoredSutra {
  const uid = `TS${String(sutraNo).padStart(4, "0")}`;
  const row: Sutra = {
    uid,
    name: `经${sutraNo}|經${sutraNo}`,
    authors: [],
    dynasties: [],
    categories: [{ id: 1 + (sutraNo % 5), name: `部${sutraNo % 5}` }],
    actual_reel_cnt: reels,
    char_cnt: reels * reelChars,
    reel_uids: Array.from({ length: reels }, (_, i) => [`${uid}_${i + 1}`, `卷${i + 1}`]),
    dynasty_author: "",
    start_year: null,
    end_year: null,
    years: "",
    last_updated_time: 1,
  };
  return { uid, tripitaka_uid: "TS", sutra: row, stored_at: 1 };
}
