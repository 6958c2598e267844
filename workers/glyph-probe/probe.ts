/**
 * Whether any installed font draws a character. The browser's font fallback draws a character no
 * font has as the missing-glyph box (tofu), the same for every such character; so a character
 * drawn on a canvas exactly like a code point no font maps is a character the system lacks. The
 * same drawing works on a page's canvas and on a worker's OffscreenCanvas.
 */

/** A supplementary private-use code point that no font maps: its drawing is the tofu. */
export const TOFU_REFERENCE = String.fromCodePoint(0x10fffd);

const PROBE_PX = 32;
export const CANVAS_PX = 48;
/** Generic families only: the probe asks about installed fonts, never about loaded web fonts. */
const PROBE_FONT = `${PROBE_PX}px serif`;

export type Drawing = { width: number; alpha: Uint8ClampedArray | null };

/** A drawing differs from the tofu when its advance differs or, with equal advances, any pixel does. */
export function drawsLikeTofu(sample: Drawing, tofu: Drawing): boolean {
  if (sample.width !== tofu.width) return false;
  if (!sample.alpha || !tofu.alpha || sample.alpha.length !== tofu.alpha.length) return true;
  for (let i = 0; i < sample.alpha.length; i++) {
    if (sample.alpha[i] !== tofu.alpha[i]) return false;
  }
  return true;
}

export type GlyphProbe = (char: string) => boolean;

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A probe drawing on `context` (a CANVAS_PX square), remembering each answer. */
export function probeOnContext(context: Context2D): GlyphProbe {
  context.font = PROBE_FONT;
  context.textBaseline = "top";
  const width = (char: string): number => context.measureText(char).width;
  const alpha = (char: string): Uint8ClampedArray => {
    context.clearRect(0, 0, CANVAS_PX, CANVAS_PX);
    context.fillText(char, 4, 4);
    const rgba = context.getImageData(0, 0, CANVAS_PX, CANVAS_PX).data;
    const out = new Uint8ClampedArray(rgba.length / 4);
    for (let i = 0; i < out.length; i++) out[i] = rgba[i * 4 + 3] as number;
    return out;
  };
  const tofu: Drawing = { width: width(TOFU_REFERENCE), alpha: alpha(TOFU_REFERENCE) };
  const known = new Map<string, boolean>();

  return (char) => {
    const cached = known.get(char);
    if (cached !== undefined) return cached;
    const advance = width(char);
    // Pixels are read only when the advance alone cannot tell the glyph from the tofu.
    const sample: Drawing = { width: advance, alpha: advance === tofu.width ? alpha(char) : null };
    const drawn = !drawsLikeTofu(sample, tofu);
    known.set(char, drawn);
    return drawn;
  };
}

/** The worker's calls (workers/glyph-probe.worker.ts). */
export type GlyphProbeApi = {
  /** Of `chars`, those no installed font draws. */
  undrawn(chars: string[]): string[];
};
