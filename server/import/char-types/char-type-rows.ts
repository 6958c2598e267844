/**
 * The character-type rows of one tripitaka, from the counts of its characters: a row for each
 * character that is a private-use gaiji (is_manual) or a variant form (is_deform), with the four
 * text forms the text-form converter gives the character alone, and its gaiji code and
 * composition where the gaiji table has it.
 */
import type { Insertable } from "kysely";
import { isPrivateUse, type TextFormConverter } from "../../../contract/text-forms.ts";
import type { CharTypeTable } from "../../db/tables/char-type.ts";
import type { GaijiEntry } from "../gaiji.ts";

export type CharTypeRow = Insertable<CharTypeTable>;

export type CharTypeRules = {
  converter: TextFormConverter;
  variantForms: ReadonlySet<string>;
  /** The gaiji whose text is the character (its Unicode form, or its private-use code point). */
  gaijiOf(char: string): GaijiEntry | undefined;
};

/** Gaiji by the character the texts hold for them; the first code (in code order) wins a shared character. */
export function gaijiByText(entries: Iterable<GaijiEntry>): Map<string, GaijiEntry> {
  const byText = new Map<string, GaijiEntry>();
  const sorted = [...entries].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  for (const entry of sorted) if (!byText.has(entry.text)) byText.set(entry.text, entry);
  return byText;
}

export function charTypeRows(
  tripitakaUid: string,
  counts: ReadonlyMap<string, number>,
  rules: CharTypeRules,
): CharTypeRow[] {
  const rows: CharTypeRow[] = [];
  for (const [char, frequency] of counts) {
    const codePoint = char.codePointAt(0) as number;
    const isManual = isPrivateUse(codePoint);
    const isDeform = rules.variantForms.has(char);
    if (!isManual && !isDeform) continue;
    const forms = rules.converter.forms(char);
    const gaiji = rules.gaijiOf(char);
    rows.push({
      tripitaka_uid: tripitakaUid,
      ...forms,
      code_point: codePoint,
      is_manual: isManual ? 1 : 0,
      is_deform: isDeform ? 1 : 0,
      frequency,
      gaiji_code: gaiji?.code ?? null,
      composition: gaiji?.composition ?? null,
    });
  }
  return rows.sort((a, b) => a.code_point - b.code_point);
}
