/**
 * Shows a message descriptor with values (the descriptor overload of `i18n._` takes none). Values
 * named as counts print with the reader's digit grouping ("16,650"): each is handed to the
 * message as a number that turns into its grouped text where it is printed, and stays a number
 * where a plural rule or `#` reads it.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";

/** The value names that hold counts (not years, volumes, page or sutra numbers). */
const COUNT_NAMES = new Set([
  "count",
  "total",
  "done",
  "current",
  "max",
  "reels",
  "sutras",
  "hits",
  "pages",
  "files",
  "uses",
  "items",
  "nodes",
  "written",
  "downloads",
]);

const groupings = new Map<string, Intl.NumberFormat>();

/**
 * The app's languages all group a whole number's digits in threes with a comma ("16,650"); the
 * first Intl.NumberFormat of a page costs a screen's start some twenty milliseconds, so whole
 * numbers are grouped here and only fractions go to Intl.
 */
function groupedText(locale: string, value: number): string {
  if (Number.isSafeInteger(value)) return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  let format = groupings.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    groupings.set(locale, format);
  }
  return format.format(value);
}

function grouped(locale: string, value: number): { [Symbol.toPrimitive](hint: string): string | number } {
  const text = groupedText(locale, value);
  return { [Symbol.toPrimitive]: (hint) => (hint === "number" ? value : text) };
}

export function tr(i18n: I18n, descriptor: MessageDescriptor, values: Record<string, unknown>): string {
  const shown: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    shown[name] = typeof value === "number" && COUNT_NAMES.has(name) ? grouped(i18n.locale, value) : value;
  return i18n._(descriptor.id, shown, { message: descriptor.message });
}

/** A count shown on its own (a table cell, a badge): a number grouped, a text as it is. */
export function countText(i18n: I18n, value: number | string): string {
  return typeof value === "number" ? formatCount(i18n, value) : value;
}

/** A count on its own (a table cell, a badge), grouped as the reader's language groups digits. */
export function formatCount(i18n: I18n, value: number): string {
  return String(grouped(i18n.locale, value));
}
