/** How the search page names an edition of the collation apparatus by its siglum. */
import { WITNESS_NAMES } from "../../../contract/apparatus-witnesses.ts";

/** `【明】 明本（嘉興藏）`, or in English `【明】 Ming edition (Jiaxing)`; an unknown siglum alone. */
export function witnessLabel(siglum: string, locale: string): string {
  const names = WITNESS_NAMES[siglum];
  if (!names) return `【${siglum}】`;
  return `【${siglum}】 ${locale.startsWith("en") ? names.en : names.zh}`;
}
