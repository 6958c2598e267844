/** Reels' searchable texts, made from their lines (contract/search-tokenizer.ts). */
import { normalizeSearchText } from "../../../contract/search-tokenizer.ts";
import type { IndexColumn, ReelText } from "./index-columns.ts";

/** A reel's searchable text per form, and the searchable chars of each of its lines. */
export type IndexedReel = { text: ReelText; lineChars: number[] };

type ReelLine = { reel_uid: string | null; ori_txt: string; std_txt: string; sim_txt: string };

/** The indexed reels of `reelUids` from their lines, given in reel_seq order within each reel. */
export function reelTextsOfLines(
  reelUids: readonly string[],
  lines: Iterable<ReelLine>,
): Map<string, IndexedReel> {
  const parts = new Map<string, Record<IndexColumn, string[]>>(
    reelUids.map((uid) => [uid, { ori: [], std: [], sim: [] }]),
  );
  for (const line of lines) {
    const reel = parts.get(line.reel_uid as string);
    if (!reel) continue;
    reel.ori.push(normalizeSearchText(line.ori_txt));
    reel.std.push(normalizeSearchText(line.std_txt));
    reel.sim.push(normalizeSearchText(line.sim_txt));
  }
  const texts = new Map<string, IndexedReel>();
  for (const [uid, reel] of parts) {
    texts.set(uid, {
      text: { ori: reel.ori.join(""), std: reel.std.join(""), sim: reel.sim.join("") },
      // The forms hold the same chars line by line; std's are counted.
      lineChars: reel.std.map(charCount),
    });
  }
  return texts;
}

/** Chars (code points) of a text. */
const charCount = (text: string): number =>
  text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
