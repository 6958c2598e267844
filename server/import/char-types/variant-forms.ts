/**
 * Which characters are variant forms (異體字), from CBETA's variant table
 * (`metadata/cbeta-metadata/variants/variants.json`) and its character frequencies
 * (`metadata/cbeta-metadata/chars/char-freq.csv`, counted over the whole CBETA canon).
 *
 * A group of the table joins characters of the same meaning. Only fully synonymous groups
 * (完全同義) count: a partly synonymous pair (云/雲, 于/於) is two characters that sometimes stand
 * for each other, not two forms of one. Within a group the member CBETA uses most is the usual
 * form; every other member is a variant form. Members tied for most used are all usual forms.
 * CBETA gaiji codes (CB00021) stand for the character the texts hold for them.
 *
 * The page-text comparison list (`page-images/tripitaka-data/page-txt-compare/variants-table.txt`)
 * is not used: it joins characters an OCR comparison may confuse, such as 圓/園/團 and 月, 四, 火,
 * so it would mark everyday characters as variants.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const FULLY_SYNONYMOUS = "完全同義";

const variantGroups = z.array(z.object({ type: z.string(), chars: z.string() }));
export type VariantGroup = z.infer<typeof variantGroups>[number];

/** A table member: a character, or a gaiji code standing for the character the texts hold. */
export type ResolveMember = (member: string) => string | null;

const GAIJI_CODE = /^(CB\d{5}|SD-[0-9A-F]{4}|RJ-[0-9A-F]{4})$/;

/** `resolveCode` gives the text of a gaiji code, null for a code the gaiji table lacks. */
export function memberResolver(resolveCode: (code: string) => string | null): ResolveMember {
  return (member) => {
    const trimmed = member.trim();
    if (GAIJI_CODE.test(trimmed)) return resolveCode(trimmed);
    return Array.from(trimmed).length === 1 ? trimmed : null;
  };
}

/** The variant forms of the groups: the members of each fully synonymous group but its most used. */
export function variantForms(
  groups: Iterable<VariantGroup>,
  usage: ReadonlyMap<string, number>,
  resolve: ResolveMember,
): Set<string> {
  const forms = new Set<string>();
  for (const group of groups) {
    if (group.type !== FULLY_SYNONYMOUS) continue;
    const members = [...new Set(group.chars.split(",").flatMap((member) => resolve(member) ?? []))];
    if (members.length < 2) continue;
    const most = Math.max(...members.map((char) => usage.get(char) ?? 0));
    for (const char of members) if ((usage.get(char) ?? 0) < most) forms.add(char);
  }
  return forms;
}

/** `char,count` rows (a header first); gaiji codes count for their text, summed with it. */
export function parseCharUsage(csv: string, resolve: ResolveMember): Map<string, number> {
  const usage = new Map<string, number>();
  for (const row of csv.split("\n").slice(1)) {
    const comma = row.lastIndexOf(",");
    if (comma <= 0) continue;
    const char = resolve(row.slice(0, comma));
    const count = Number(row.slice(comma + 1).trim());
    if (char === null || !Number.isInteger(count) || count < 0) continue;
    usage.set(char, (usage.get(char) ?? 0) + count);
  }
  return usage;
}

/** The variant forms the corpus's metadata names; none when its variant table or frequencies are missing. */
export function loadVariantForms(metadataDir: string | null, resolve: ResolveMember): Set<string> {
  if (!metadataDir) return new Set();
  const groupsFile = join(metadataDir, "cbeta-metadata", "variants", "variants.json");
  const usageFile = join(metadataDir, "cbeta-metadata", "chars", "char-freq.csv");
  if (!existsSync(groupsFile) || !existsSync(usageFile)) return new Set();
  const groups = variantGroups.parse(JSON.parse(readFileSync(groupsFile, "utf8")));
  const usage = parseCharUsage(readFileSync(usageFile, "utf8"), resolve);
  return variantForms(groups, usage, resolve);
}
