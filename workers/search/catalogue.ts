/**
 * What a local search knows of a tripitaka's sutras, from the offline library's `sutras` store:
 * their filter options and labels (as the server's catalogue gives them: categories and dynasties
 * by id, authors by their traditional name, labels "traditional|simplified"), the item fields,
 * and the catalogue order. The server orders by the sutra's `sn`, made at import from the volume
 * and the work number (server/import/prepare-sutra.ts workSn); the library has no `sn`, so it is
 * made the same way from the sutra uid and the volume of its first page.
 */
import type { Sutra } from "../../contract/canon.ts";
import { parseSutraUid } from "../../contract/ids.ts";
import type { StoredSutra } from "../../contract/offline-library.ts";
import type { StatKey, StatLabels, SutraEntry } from "../../contract/search-results.ts";

export type LocalSutra = SutraEntry & {
  nameSim: string;
  nameTrad: string;
  byline: string;
  categories: Sutra["categories"];
  /** Reel names (simplified) by reel uid, as the catalogue lists them. */
  reelNames: ReadonlyMap<string, string>;
};

export type LocalCatalogue = StatLabels & { sutras: ReadonlyMap<string, LocalSutra> };

/** The server's workSn: volume, then the work number's letter series, then its number. */
export function catalogueSn(sutraUid: string, volume: number): number {
  const work = parseSutraUid(sutraUid)?.work ?? "";
  const digits = Number.parseInt(work.replace(/^[A-Za-z]+/, ""), 10);
  const letter = /^[A-Za-z]/.test(work) ? work.charCodeAt(0) - 64 : 0;
  return volume * 1_000_000 + letter * 10_000 + (Number.isFinite(digits) ? digits : 0);
}

const splitLabel = (label: string): [string, string] => {
  const bar = label.indexOf("|");
  return bar < 0 ? [label, label] : [label.slice(0, bar), label.slice(bar + 1)];
};

/** `volumes`: the lowest first-page volume of each sutra's indexed reels. */
export function buildCatalogue(
  rows: readonly StoredSutra[],
  volumes: ReadonlyMap<string, number>,
): LocalCatalogue {
  const categories = new Map<number, string>();
  const dynasties = new Map<number, string>();
  const authors = new Map<string, StatKey>();
  const sutras = new Map<string, LocalSutra>();
  for (const { sutra } of rows) {
    for (const c of sutra.categories) categories.set(c.id, c.name);
    for (const d of sutra.dynasties) dynasties.set(d.id, d.name);
    const authorKeys = sutra.authors.map((a) => {
      const [trad, sim] = splitLabel(a.name);
      const key = { id: trad, name: a.name };
      for (const name of [trad, sim, a.name]) authors.set(name, key);
      return key;
    });
    const [nameSim, nameTrad] = splitLabel(sutra.name);
    sutras.set(sutra.uid, {
      uid: sutra.uid,
      sn: catalogueSn(sutra.uid, volumes.get(sutra.uid) ?? 0),
      startYear: sutra.start_year,
      endYear: sutra.end_year,
      options: {
        categories: sutra.categories.map((c) => ({ id: c.id, name: c.name })),
        dynasties: sutra.dynasties.map((d) => ({ id: d.id, name: d.name })),
        authors: authorKeys,
      },
      nameSim,
      nameTrad,
      byline: sutra.dynasty_author,
      categories: sutra.categories,
      reelNames: new Map(sutra.reel_uids),
    });
  }
  return { categories, dynasties, authors, sutras };
}
