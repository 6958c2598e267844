/**
 * The glyph probe off the page's thread: the first time a browser looks a character up in its
 * installed fonts costs a fraction of a millisecond, over a second for a reel's few thousand
 * distinct characters, which here no longer holds up the reader.
 */
import { expose } from "comlink";
import { CANVAS_PX, type GlyphProbe, type GlyphProbeApi, probeOnContext } from "./glyph-probe/probe.ts";

let probe: GlyphProbe | null = null;

function probeHere(): GlyphProbe {
  if (probe) return probe;
  const context = new OffscreenCanvas(CANVAS_PX, CANVAS_PX).getContext("2d", { willReadFrequently: true });
  probe = context ? probeOnContext(context) : () => true;
  return probe;
}

const api: GlyphProbeApi = {
  undrawn(chars) {
    const drawn = probeHere();
    return chars.filter((char) => !drawn(char));
  },
};

expose(api);
