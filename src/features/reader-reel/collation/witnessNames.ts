/** How the collation part names a witness: its siglum, then its edition in the reader's language. */
import { WITNESS_NAMES } from "../../../../contract/apparatus-witnesses.ts";

export function witnessName(siglum: string, locale: string): string {
  const names = WITNESS_NAMES[siglum];
  if (!names) return `【${siglum}】`;
  return locale === "en" ? `【${siglum}】 ${names.en}` : `【${siglum}】${names.zh}`;
}

/** The witnesses "read as" offers: those with a reading of their own here (CBETA's is the text). */
export function readableWitnesses(
  witnesses: readonly string[],
  entries: readonly { readings: readonly { witnesses: readonly string[] }[] }[],
): string[] {
  const reading = new Set(entries.flatMap((entry) => entry.readings.flatMap((r) => r.witnesses)));
  return witnesses.filter((w) => w !== "CB" && reading.has(w));
}
