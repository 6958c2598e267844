/**
 * Which characters no installed font draws (the drawing test is in workers/glyph-probe/probe.ts).
 * The readers ask `undrawnChars`, answered by a worker on an OffscreenCanvas so the page stays
 * free while a new text's characters are looked up, or on the page in short slices where the
 * browser has no OffscreenCanvas; every answer is remembered for the page's life.
 */
import { type Remote, wrap } from "comlink";
import {
  CANVAS_PX,
  type GlyphProbe,
  type GlyphProbeApi,
  probeOnContext,
} from "../../../workers/glyph-probe/probe.ts";

export {
  type Drawing,
  drawsLikeTofu,
  type GlyphProbe,
  TOFU_REFERENCE,
} from "../../../workers/glyph-probe/probe.ts";

/** A probe over a canvas of `doc`; null where canvas text is unavailable. */
export function createGlyphProbe(doc: Document): GlyphProbe | null {
  const canvas = doc.createElement("canvas");
  canvas.width = CANVAS_PX;
  canvas.height = CANVAS_PX;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return context ? probeOnContext(context) : null;
}

const SLICE_MS = 12;
const drawnByChar = new Map<string, boolean>();
type ProbeWorker = { remote: Remote<GlyphProbeApi>; failed: Promise<never> };
let worker: ProbeWorker | null = null;
let pageProbe: GlyphProbe | null = null;

/** The worker, started on first use; `failed` rejects when its script cannot load. */
function probeWorker(): ProbeWorker | null {
  if (worker) return worker;
  if (typeof OffscreenCanvas === "undefined" || typeof Worker === "undefined") return null;
  const thread = new Worker(new URL("../../../workers/glyph-probe.worker.ts", import.meta.url), {
    type: "module",
  });
  const failed = new Promise<never>((_, reject) => {
    thread.addEventListener("error", () => {
      thread.terminate();
      reject(new Error("the glyph probe could not start"));
    });
  });
  failed.catch(() => undefined);
  worker = { remote: wrap<GlyphProbeApi>(thread), failed };
  return worker;
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** On the page, a few milliseconds at a time; without canvas text every glyph counts as there. */
async function undrawnOnPage(chars: readonly string[]): Promise<string[]> {
  pageProbe ??= createGlyphProbe(document) ?? (() => true);
  const undrawn: string[] = [];
  let sliceStart = performance.now();
  for (const char of chars) {
    if (!pageProbe(char)) undrawn.push(char);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
  return undrawn;
}

async function undrawnSomewhere(chars: string[]): Promise<string[]> {
  const started = probeWorker();
  if (started) {
    try {
      return await Promise.race([started.remote.undrawn(chars), started.failed]);
    } catch {
      // The worker's script could not load (offline, never cached): probe on the page.
      worker = null;
    }
  }
  return undrawnOnPage(chars);
}

/** Of `chars`, those no installed font draws. */
export async function undrawnChars(chars: readonly string[]): Promise<string[]> {
  const unknown = chars.filter((char) => !drawnByChar.has(char));
  if (unknown.length > 0) {
    const undrawn = new Set(await undrawnSomewhere(unknown));
    for (const char of unknown) drawnByChar.set(char, !undrawn.has(char));
  }
  return chars.filter((char) => drawnByChar.get(char) === false);
}
