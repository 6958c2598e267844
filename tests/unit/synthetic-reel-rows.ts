/** A stored reel text of one page for the offline search tests, built from the lines given. */

import type { StoredReelText } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";

export function syntheticReelRow(
  sutraNo: number,
  reelNo: number,
  txtType: TxtType,
  lines: string[],
): StoredReelText {
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
