/**
 * The catalogue answers the server gives, computed over downloaded rows instead: a tripitaka's
 * sutra list (filters, pins, sorting, paging as server/modules/canon/catalog-repository.ts does
 * them on the embedded SQLite database), its config lists, `sutra/all`, scanned page names, a
 * page's image and a reel with its `allText`. Pure functions over plain rows.
 */
import type {
  ConfigItem,
  ImgNames,
  NamedItem,
  Page,
  PageImage,
  Reel,
  Sutra,
  SutraAll,
  SutraListRequest,
} from "../../../contract/canon.ts";
import type { Paged } from "../../../contract/envelope.ts";
import { parsePageUid, parseSutraUid } from "../../../contract/ids.ts";
import { reelAllText, reelOfRow, type StoredReelText } from "../../../contract/offline-library.ts";
import type { SutraGroup } from "../../../contract/personal.ts";
import type { SutraSort } from "../../../contract/sutra-list-options.ts";

/** A reel as the server sends it: the stored reel with its lines joined into `allText`. */
export async function reelOf(stored: StoredReelText): Promise<Reel> {
  const reel = await reelOfRow(stored);
  return { ...reel, allText: reelAllText(reel) };
}

/**
 * The server orders sutras by their number in the edition (volume, then the work number's letter
 * and digits); the work number alone keeps that order, since editions number works through their
 * volumes.
 */
function sutraOrder(uid: string): [number, number, string] {
  const work = parseSutraUid(uid)?.work ?? "";
  const letter = /^[A-Za-z]/.test(work) ? work.charCodeAt(0) - 64 : 0;
  const digits = Number.parseInt(work.replace(/^[A-Za-z]+/, ""), 10);
  return [letter, Number.isFinite(digits) ? digits : 0, uid];
}

function bySutraOrder(a: Sutra, b: Sutra): number {
  const [x, y] = [sutraOrder(a.uid), sutraOrder(b.uid)];
  return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
}

/** SQLite's LIKE '%text%': ASCII letters match either case, everything else exactly. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const contains = (haystack: string, needle: string): boolean =>
  asciiLower(haystack).includes(asciiLower(needle));

/** Sutra names are "simplified|traditional". */
const names = (sutra: Sutra): string[] => sutra.name.split("|");

type SortValue = number | null;
const sortValues: Record<string, (sutra: Sutra) => SortValue> = {
  start_year: (s) => s.start_year,
  end_year: (s) => s.end_year,
  char_cnt: (s) => s.char_cnt,
  reel_cnt: (s) => s.actual_reel_cnt,
};

/** SQLite puts NULL before every number. */
function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a - b;
}

function comparator(sortBy: SutraSort, pins: readonly string[]): (a: Sutra, b: Sutra) => number {
  const descending = sortBy.startsWith("-");
  const column = sortBy.replace(/^-/, "");
  const value = sortValues[column];
  const rank = new Map(pins.map((uid, index) => [uid, index]));
  const rankOf = (sutra: Sutra) => rank.get(sutra.uid) ?? pins.length;
  return (a, b) => {
    const pinned = rankOf(a) - rankOf(b);
    if (pinned !== 0) return pinned;
    const primary = value ? compareValues(value(a), value(b)) : bySutraOrder(a, b);
    if (primary !== 0) return descending ? -primary : primary;
    return bySutraOrder(a, b);
  };
}

/** At most this many pins take part in the order, as on the server. */
const PINNED_ORDER_MAX = 200;

/** The reader's own lists the request may refer to (their groups and pins in this tripitaka). */
export type PersonalLists = { pinned: readonly string[]; groups: readonly SutraGroup[] };

function matches(sutra: Sutra, request: SutraListRequest, uids: ReadonlySet<string> | null): boolean {
  const keyword = request.keyword?.trim();
  if (keyword) {
    const hit =
      names(sutra).some((name) => contains(name, keyword)) ||
      sutra.uid === keyword ||
      contains(sutra.dynasty_author, keyword);
    if (!hit) return false;
  }
  const sutraName = request.sutra_name?.trim();
  if (sutraName && !names(sutra).some((name) => contains(name, sutraName))) return false;
  if (uids && !uids.has(sutra.uid)) return false;
  const within = (ids: number[] | undefined, items: NamedItem[]) =>
    !ids?.length || items.some((item) => ids.includes(item.id));
  // A sutra has at most one category and one dynasty, and its authors in `authors`.
  return (
    within(request.category_ids, sutra.categories) &&
    within(request.dynasty_ids, sutra.dynasties) &&
    within(request.author_ids, sutra.authors)
  );
}

/** POST /tripitaka/{uid}/sutra/list over `sutras` (one tripitaka's downloaded sutras). */
export function listSutras(
  sutras: readonly Sutra[],
  request: SutraListRequest,
  personal: PersonalLists = { pinned: [], groups: [] },
): Paged<Sutra> {
  const pageNo = request.page_no ?? 1;
  const pageSize = request.page_size ?? 10;
  const empty = { total: 0, page_size: pageSize, page_no: pageNo, page_count: 0, list: [] };
  let uids: string[] | undefined = request.sutra_uids;
  if (request.sutra_group_names?.length) {
    const wanted = new Set(request.sutra_group_names.map((name) => name.trim()));
    const inGroups = new Set(personal.groups.filter((g) => wanted.has(g.name)).flatMap((g) => g.sutra_uids));
    const allowed = uids?.length ? uids.filter((uid) => inGroups.has(uid)) : [...inGroups];
    if (allowed.length === 0) return empty;
    uids = allowed;
  }
  const only = uids?.length ? new Set(uids) : null;
  const found = sutras.filter((sutra) => matches(sutra, request, only));
  const pins = request.pinned_first ? personal.pinned.slice(0, PINNED_ORDER_MAX) : [];
  found.sort(comparator(request.sort_by ?? "sutra_uid", pins));
  const from = (pageNo - 1) * pageSize;
  return {
    total: found.length,
    page_size: pageSize,
    page_no: pageNo,
    page_count: Math.ceil(found.length / pageSize),
    list: found.slice(from, from + pageSize),
  };
}

/** GET /tripitaka/{uid}/sutra/all over the downloaded sutras. */
export function sutrasSince(sutras: readonly Sutra[], since: number): SutraAll {
  const changed = sutras.filter((sutra) => sutra.last_updated_time > since).sort(bySutraOrder);
  const last = changed.reduce((max, sutra) => Math.max(max, sutra.last_updated_time), since);
  return { sutras: changed, last_updated_time: last };
}

export type ConfigKind = "dynasties" | "categories" | "authors";

/** A tripitaka's dynasties, categories or authors with how many of the sutras each has, by id. */
export function configList(sutras: readonly Sutra[], kind: ConfigKind): ConfigItem[] {
  const counted = new Map<number, ConfigItem>();
  for (const sutra of sutras) {
    for (const item of sutra[kind === "authors" ? "authors" : kind]) {
      const entry = counted.get(item.id) ?? { id: item.id, name: item.name, sutra_count: 0 };
      entry.sutra_count += 1;
      counted.set(item.id, entry);
    }
  }
  return [...counted.values()].sort((a, b) => a.id - b.id);
}

function comparePages(a: string, b: string): number {
  const [x, y] = [parsePageUid(a), parsePageUid(b)];
  if (!x || !y) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < Math.max(x.numbers.length, y.numbers.length); i++) {
    const step = (x.numbers[i] ?? -1) - (y.numbers[i] ?? -1);
    if (step !== 0) return step;
  }
  return x.side < y.side ? -1 : x.side > y.side ? 1 : 0;
}

/** GET /get_img_names over downloaded pages: each book's pages that have a scan, in page order. */
export function imageNames(pages: readonly Page[], bookUids: readonly string[]): ImgNames {
  const result: ImgNames = Object.fromEntries(bookUids.map((uid) => [uid, []]));
  const scanned = pages.filter((page) => page.img_url !== null).sort((a, b) => comparePages(a.uid, b.uid));
  for (const page of scanned) result[page.book_uid]?.push(page.uid);
  return result;
}

/** GET /img/{page_uid} from a downloaded page; null when the page has no scan. */
export function pageImageOf(page: Page): PageImage | null {
  if (page.img_url === null || page.img_name === null) return null;
  return {
    page_uid: page.uid,
    img_name: page.img_name,
    url: page.img_url,
    thumb_url: page.thumb_url,
    width: page.image?.width ?? 0,
    height: page.image?.height ?? 0,
  };
}
