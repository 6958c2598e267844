/**
 * The build's stylesheet of component styles (scripts/griffel-css-extraction.ts) is linked in the
 * page as a preload, so that it loads beside the scripts without holding back the first paint of
 * what the server drew, which has its own styles. The app applies it before its first render.
 */

/** The preload link the build writes into index.html. */
const BUILD_STYLES_SELECTOR = "link[data-build-styles]";

/** Applies the build's stylesheet; resolves once it is loaded (or failed), at once when there is none. */
export function applyBuildStyles(doc: Document): Promise<void> {
  const preload = doc.querySelector<HTMLLinkElement>(BUILD_STYLES_SELECTOR);
  if (!preload) return Promise.resolve();
  return new Promise((resolve) => {
    const sheet = doc.createElement("link");
    sheet.rel = "stylesheet";
    sheet.href = preload.href;
    sheet.addEventListener("load", () => resolve());
    sheet.addEventListener("error", () => resolve());
    doc.head.append(sheet);
  });
}
