/** Points the page's `<link rel="manifest">` at the web manifest of the interface language. */
import type { AppLocale } from "../../i18n/locale.ts";
import { manifestPath } from "./webManifest.ts";

export function linkManifest(locale: AppLocale, doc: Document = document): void {
  const href = manifestPath(locale);
  let link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = doc.createElement("link");
    link.rel = "manifest";
    doc.head.append(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}
