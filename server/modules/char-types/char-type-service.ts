/**
 * The character-type list of a tripitaka (spec section 7, char_type/list), each row with the
 * number of char images of its character, so that the screen links only to a search that finds some.
 */
import type { Kysely } from "kysely";
import { type CharType, type CharTypeListQuery, charGlyphUrl } from "../../../contract/charType.ts";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import { pageRequestOf } from "../../db/paging.ts";
import type { Database } from "../../db/schema.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
import { countByOriginal } from "../chars/char-repository.ts";
import { listCharTypes } from "./char-type-repository.ts";
import type { FontCoverage } from "./font-coverage.ts";

export type CharTypeDeps = { db: Kysely<Database>; fonts(): Promise<FontCoverage> };

export async function charTypePage(
  deps: CharTypeDeps,
  tripitakaUid: string,
  query: CharTypeListQuery,
): Promise<Paged<CharType>> {
  await requireTripitaka(deps.db, tripitakaUid);
  const [{ total, rows }, fonts] = await Promise.all([
    listCharTypes(deps.db, tripitakaUid, query, query.sort_by, pageRequestOf(query)),
    deps.fonts(),
  ]);
  const imageCounts = await countByOriginal(
    deps.db,
    tripitakaUid,
    rows.map((row) => row.ori_txt),
  );
  const list = rows.map((row): CharType => {
    const hasGlyph = fonts.covers(row.ori_txt);
    return {
      ...row,
      is_manual: row.is_manual === 1,
      is_deform: row.is_deform === 1,
      has_glyph: hasGlyph,
      img_url: hasGlyph ? charGlyphUrl(tripitakaUid, row.ori_txt) : null,
      char_image_count: imageCounts.get(row.ori_txt) ?? 0,
    };
  });
  return pageOf(total, query, list);
}
