/**
 * A cited place looked up in the offline library: the downloaded reel whose text holds the page
 * (of the cited work when the reference names it), or a downloaded page scan with no reel's text.
 */
import type { Citation } from "../../../contract/citations.ts";
import { citedCid, citeHref } from "../../../contract/citations.ts";
import type { CiteResult } from "../../../contract/cite.ts";
import { printLineId } from "../../../contract/ids.ts";
import { reelOfRow, reelPageUids } from "../../../contract/offline-library.ts";
import type { OfflineLibrary } from "../library/db.ts";

export async function storedCitedPlace(
  db: OfflineLibrary,
  citation: Citation,
): Promise<CiteResult | undefined> {
  const reels = citation.sutraUid
    ? db.reelTexts.where("sutra_uid").equals(citation.sutraUid)
    : db.reelTexts.where("tripitaka_uid").equals(citation.tripitaka);
  const holding = await reels.filter((row) => reelPageUids(row).includes(citation.pageUid)).toArray();
  for (const row of holding) {
    const page = (await reelOfRow(row)).pages.find((p) => p.uid === citation.pageUid);
    if (!page) continue;
    let cid: string;
    if (citation.line === null) {
      // A whole page: its lines in that reel, marked as one passage.
      const [first, last] = [page.cids[0], page.cids[page.cids.length - 1]];
      if (!first || !last) continue;
      cid = `${first}-${last}`;
    } else {
      if (!page.cids.includes(printLineId({ pageUid: citation.pageUid, line: citation.line }))) continue;
      cid = citedCid(citation, citation.line);
    }
    const place = { reel_uid: row.reel_uid, page_uid: citation.pageUid, cid };
    return { ...place, href: citeHref(place) };
  }
  const scan = await db.pages.get(citation.pageUid);
  if (!scan) return undefined;
  const place = {
    reel_uid: null,
    page_uid: citation.pageUid,
    cid: citation.line === null ? null : citedCid(citation, citation.line),
  };
  return { ...place, href: citeHref(place) };
}
