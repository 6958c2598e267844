/**
 * A reel as a witness reads it: every line's text and paragraph starts as placed, and every
 * reading's chars added to `allText`, which the reader's font subset is made from.
 */
import type { Reel } from "../../../../contract/canon.ts";
import type { PlacedLine } from "./placement.ts";

export function reelAsRead(
  reel: Reel,
  lines: ReadonlyMap<string, PlacedLine>,
  readings: readonly string[],
): Reel {
  return {
    ...reel,
    pages: reel.pages.map((page) => ({
      ...page,
      lines: page.lines.map((line) => {
        const placed = lines.get(line.cid);
        return placed ? { ...line, text: placed.text, para_offsets: placed.para_offsets } : line;
      }),
    })),
    allText: reel.allText + readings.join(""),
  };
}
