/**
 * The build's stylesheet of component styles (scripts/griffel-css-extraction.ts), a few files in a
 * row, is linked in the page as preloads, so that it loads beside the scripts without holding back
 * the first paint of what the server drew, which has its own styles. The app applies its files, in
 * their order, before its first render.
 */

/** The preload links the build writes into index.html. */
const BUILD_STYLES_SELECTOR = "link[data-build-styles]";

/**
 * Applies the build's stylesheet, one file in each task: the browser reads a loaded file's rules
 * as it is linked, and all of them at once would block input for as long. Resolves once its files
 * are loaded (or failed), at once when there is none.
 */
export async function applyBuildStyles(doc: Document, win: Window): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>(BUILD_STYLES_SELECTOR)];
  const loaded = preloads.map(
    (preload) =>
      new Promise<void>((resolve) => {
        // Each file's task is asked for at once, not from the one before: a chain of timers is slowed.
        win.setTimeout(() => {
          const sheet = doc.createElement("link");
          sheet.rel = "stylesheet";
          sheet.href = preload.href;
          sheet.addEventListener("load", () => resolve());
          sheet.addEventListener("error", () => resolve());
          doc.head.append(sheet);
        }, 0);
      }),
  );
  await Promise.all(loaded);
}
