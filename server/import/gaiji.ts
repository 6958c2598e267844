/**
 * CBETA rare characters (gaiji). The text keeps a character as printed: its Unicode form where one
 * exists, otherwise a private-use code point in U+F0000–U+FFFFF, for which the normalised form is
 * recorded (used by uni_txt).
 *
 * Private-use assignment:
 *   CBxxxxx   U+F0000 + the decimal number (the `pua` column of cbeta_gaiji.csv), up to U+F88D8
 *   SD-hhhh   U+F0000 + the hex number (Siddham, U+FA440–U+FE5E3)
 *   RJ-hhhh   U+FE600 + (hex − 0xC900) (Ranjana, U+FE643–U+FFD6F)
 * CBETA's own Siddham/Ranjana code points sit in plane 16, outside the range the product reserves.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { GaijiForms } from "../../contract/text-forms.ts";
import type { GaijiTable } from "../db/schema.ts";

export type GaijiEntry = GaijiTable & {
  /** What the text holds for this code: the Unicode char or the private-use char. */
  text: string;
};

export type GaijiCatalogue = {
  byCode: ReadonlyMap<string, GaijiEntry>;
  /** Private-use code point → its Unicode and normalised forms, for the text-form converter. */
  forms: ReadonlyMap<number, GaijiForms>;
};

/** A TSV file's rows of cells, and a reader of a row's cell by column name ("" when missing). */
function readTsv(file: string): { rows: string[][]; cell: (name: string) => (row: string[]) => string } {
  const [header, ...lines] = readFileSync(file, "utf8").split("\n");
  if (!header) return { rows: [], cell: () => () => "" };
  const names = header.replace(/\r$/, "").split("\t");
  const rows = lines.filter((line) => line.trim() !== "").map((line) => line.replace(/\r$/, "").split("\t"));
  const cell = (name: string) => {
    const at = names.indexOf(name);
    return (row: string[]) => (at < 0 ? "" : (row[at] ?? ""));
  };
  return { rows, cell };
}

const singleChar = (text: string | undefined): string | null =>
  text && [...text].length === 1 ? text : null;

export function sanskritPua(code: string): number | null {
  const match = /^(SD|RJ)-([0-9A-F]{4})$/.exec(code);
  if (!match) return null;
  const n = Number.parseInt(match[2] as string, 16);
  return match[1] === "SD" ? 0xf0000 + n : 0xfe600 + (n - 0xc900);
}

export function loadGaiji(gaijiDir: string | null): GaijiCatalogue {
  const byCode = new Map<string, GaijiEntry>();
  const forms = new Map<number, GaijiForms>();
  if (!gaijiDir) return { byCode, forms };

  const gaijiTable = readTsv(join(gaijiDir, "cbeta_gaiji.csv"));
  const idOf = gaijiTable.cell("ID");
  const puaOf = gaijiTable.cell("pua");
  const uniOf = gaijiTable.cell("uni_char");
  const normUniOf = gaijiTable.cell("norm_uni_char");
  const normBig5Of = gaijiTable.cell("norm_big5_char");
  const compositionOf = gaijiTable.cell("composition");
  for (const row of gaijiTable.rows) {
    const code = idOf(row);
    const puaMatch = /^U\+([0-9A-F]+)$/.exec(puaOf(row));
    if (!code || !puaMatch) continue;
    const pua = Number.parseInt(puaMatch[1] as string, 16);
    const uni = singleChar(uniOf(row));
    const norm = singleChar(normUniOf(row)) ?? singleChar(normBig5Of(row));
    const text = uni ?? String.fromCodePoint(pua);
    byCode.set(code, {
      code,
      pua,
      uni_char: uni,
      norm_char: norm,
      composition: compositionOf(row) || null,
      text,
    });
    if (!uni) forms.set(pua, { uni: null, norm });
  }

  const sanskritTable = readTsv(join(gaijiDir, "cbeta_sanskrit.csv"));
  const sanskritIdOf = sanskritTable.cell("ID");
  const romanizedOf = sanskritTable.cell("romanized");
  for (const row of sanskritTable.rows) {
    const code = sanskritIdOf(row);
    const pua = sanskritPua(code);
    if (pua === null) continue;
    const text = String.fromCodePoint(pua);
    byCode.set(code, {
      code,
      pua,
      uni_char: null,
      norm_char: null,
      composition: romanizedOf(row) || null,
      text,
    });
  }
  return { byCode, forms };
}
