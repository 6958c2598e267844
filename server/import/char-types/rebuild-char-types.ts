/**
 * The import phase of the character types: after the texts, the `char_type` rows of the
 * tripitakas whose lines changed are rebuilt from their imported lines, all in one transaction.
 * When the rules' inputs change (the gaiji table, the variant table, these rules), every
 * tripitaka is rebuilt; a second import with nothing changed writes nothing.
 */
import { createHash } from "node:crypto";
import type { TextFormConverter } from "../../../contract/text-forms.ts";
import type { CanonDb } from "../../db/connect.ts";
import type { GaijiCatalogue } from "../gaiji.ts";
import type { CanonSources } from "../sources.ts";
import { charCensus } from "./char-census.ts";
import { type CharTypeRow, charTypeRows, gaijiByText } from "./char-type-rows.ts";
import { loadVariantForms, memberResolver } from "./variant-forms.ts";

/** Bumped when the rules change, so every tripitaka is rebuilt. */
const CHAR_TYPE_RULES_VERSION = "1";
const INPUTS_SETTING = "char_type_inputs";
/** Rows per INSERT: under SQLite's limit of bound values (11 columns a row). */
const BATCH_ROWS = 1000;

export type CharTypeReport = { tripitakas: number; rows: number; ms: number };

function inputsHash(gaiji: GaijiCatalogue, variantForms: ReadonlySet<string>): string {
  const hash = createHash("sha256").update(`${CHAR_TYPE_RULES_VERSION}\n`);
  for (const entry of gaiji.byCode.values())
    hash.update(`${entry.code}\t${entry.text}\t${entry.composition ?? ""}\n`);
  hash.update([...variantForms].sort().join(""));
  return hash.digest("hex");
}

export async function rebuildCharTypes(options: {
  canon: CanonDb;
  sources: CanonSources;
  gaiji: GaijiCatalogue;
  converter: TextFormConverter;
  /** The tripitakas whose lines this import wrote. */
  changed: ReadonlySet<string>;
  /** Counts the import made of tripitakas it wrote whole, instead of reading their lines again. */
  censuses?: ReadonlyMap<string, () => Map<string, number>>;
}): Promise<CharTypeReport> {
  const started = performance.now();
  const { db } = options.canon;
  const byText = gaijiByText(options.gaiji.byCode.values());
  const resolve = memberResolver((code) => options.gaiji.byCode.get(code)?.text ?? null);
  const variantForms = loadVariantForms(options.sources.metadataDir, resolve);
  const inputs = inputsHash(options.gaiji, variantForms);
  const stored = await db
    .selectFrom("setting")
    .select("value")
    .where("key", "=", INPUTS_SETTING)
    .executeTakeFirst();

  const targets = new Set(options.changed);
  if (stored?.value !== inputs) {
    for (const { uid } of await db.selectFrom("tripitaka").select("uid").execute()) targets.add(uid);
  }
  const rules = { converter: options.converter, variantForms, gaijiOf: (char: string) => byText.get(char) };
  const rows: CharTypeRow[] = [];
  for (const uid of targets) {
    const census = options.censuses?.get(uid)?.() ?? (await charCensus(db, uid));
    for (const row of charTypeRows(uid, census, rules)) rows.push(row);
  }

  if (targets.size > 0 || stored?.value !== inputs) {
    await db.transaction().execute(async (trx) => {
      if (targets.size > 0)
        await trx
          .deleteFrom("char_type")
          .where("tripitaka_uid", "in", [...targets])
          .execute();
      for (let i = 0; i < rows.length; i += BATCH_ROWS)
        await trx
          .insertInto("char_type")
          .values(rows.slice(i, i + BATCH_ROWS))
          .execute();
      await trx
        .insertInto("setting")
        .values({ key: INPUTS_SETTING, value: inputs })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: inputs }))
        .execute();
    });
  }
  return { tripitakas: targets.size, rows: rows.length, ms: Math.round(performance.now() - started) };
}
