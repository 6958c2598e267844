/**
 * The lines the server draws in the page (a reel's first lines, the home's heading and search box:
 * server/plugins/web-page.ts) are what a reader sees first. The app's code, evaluated as soon as
 * it has arrived, would hold their first paint back by the time it takes: it waits for that paint.
 * So does the fetching of the rest of the app: the server holds those links back in a template.
 */
import { AFTER_PAINT_ATTRIBUTE } from "../../contract/app-screens.ts";

/** The server drew a screen's first content in the page. */
const hasDrawnContent = (doc: Document): boolean =>
  doc.querySelector(".boot-reel, .boot-home, .boot-results") !== null;

/** How long a tab that paints no frame (one opened in the background) waits before going on. */
const NO_FRAME_MS = 250;

/** Resolves once the browser has painted (a frame, then a task), or at once when nothing was drawn. */
export function afterDrawnPaint(doc: Document, win: Window): Promise<void> {
  if (!hasDrawnContent(doc)) return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = win.setTimeout(resolve, NO_FRAME_MS);
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        win.clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Links put into the head in one task: each costs the browser a request's setting up (some tenths
 * of a millisecond, several times that on a slow phone), and all of them in one task would block
 * input for as long.
 */
const LINKS_PER_TASK = 4;

/**
 * Puts the links the server held back until the drawing was painted into the head, which loads
 * them, a few in each task; resolves once all are in.
 */
export async function releaseAfterPaint(doc: Document, win: Window): Promise<void> {
  const links: Node[] = [];
  for (const template of doc.querySelectorAll<HTMLTemplateElement>(`template[${AFTER_PAINT_ATTRIBUTE}]`)) {
    links.push(...doc.importNode(template.content, true).childNodes);
    template.remove();
  }
  const batches: Promise<void>[] = [];
  // Each batch's task is asked for at once, not from the one before: a chain of timers is slowed.
  for (let start = 0; start < links.length; start += LINKS_PER_TASK) {
    const batch = links.slice(start, start + LINKS_PER_TASK);
    if (start === 0) doc.head.append(...batch);
    else batches.push(new Promise((resolve) => win.setTimeout(() => resolve(doc.head.append(...batch)), 0)));
  }
  await Promise.all(batches);
}
