/**
 * The page input of page reading (spec sections 4 and 5): digits, optionally followed by a (upper
 * column) or b (lower column). A page is named by the last part of its uid, e.g. `17` of
 * `QL_24_17` or `793a` of `JS_1_793a`.
 */

export type PageInput = { number: number; side: "" | "a" | "b" };
type PageLabel = { number: number; side: string };

const INPUT_RE = /^(\d{1,6})([ab]?)$/;
const LABEL_RE = /_(\d+)([a-z]?)$/;

/** The typed value as a page number and side; null when it is not digits with an optional a or b. */
export function parsePageInput(text: string): PageInput | null {
  const m = INPUT_RE.exec(text.trim().toLowerCase());
  if (!m) return null;
  return { number: Number(m[1]), side: m[2] as PageInput["side"] };
}

/** The label shown in the page input: the last part of the uid. */
export function pageLabel(pageUid: string): string {
  const m = LABEL_RE.exec(pageUid);
  return m ? `${Number(m[1])}${m[2]}` : pageUid;
}

function labelOf(pageUid: string): PageLabel | null {
  const m = LABEL_RE.exec(pageUid);
  return m ? { number: Number(m[1]), side: m[2] as string } : null;
}

/** Everything before the page number: pages of deeper uids (`JX_165_7_12`) match within it first. */
const prefixOf = (pageUid: string): string => pageUid.replace(LABEL_RE, "");

/**
 * The page of `pages` the input names, or null when there is none ("该页码不存在"). Digits alone
 * mean side a where the book has sides, else the page without one.
 */
export function resolvePageInput(input: PageInput, pages: readonly string[], current: string): string | null {
  const sideRank = (side: string): number => {
    if (input.side !== "") return side === input.side ? 0 : -1;
    return ["a", ""].indexOf(side);
  };
  const here = prefixOf(current);
  let best: { uid: string; rank: number } | null = null;
  for (const uid of pages) {
    const label = labelOf(uid);
    if (!label || label.number !== input.number) continue;
    const side = sideRank(label.side);
    if (side < 0) continue;
    const rank = side + (prefixOf(uid) === here ? 0 : 10);
    if (!best || rank < best.rank) best = { uid, rank };
  }
  return best?.uid ?? null;
}
