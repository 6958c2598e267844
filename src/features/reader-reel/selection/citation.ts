/**
 * The quote-copy citation (spec sections 3 and 9): the quoted text with its author and dynasty,
 * sutra, reel and optional headline, then the product's short code, the text type, the edition,
 * the sutra's number and the page and line range, e.g.
 *
 *   「…」（清 大悅說《天一悅禪師語錄》第1卷〈上堂〉；藏經閱讀·繁體文本，嘉興藏 第39冊，No. B470，p. 931a3-5）
 *
 * With the sutra placed before the text, the author, sutra, reel and headline lead instead:
 *
 *   清 大悅說《天一悅禪師語錄》第1卷〈上堂〉：「…」（藏經閱讀·繁體文本，嘉興藏 第39冊，No. B470，p. 931a3-5）
 */
import { parseCharId, parseLineId, parsePageUid, parseSutraUid } from "../../../../contract/ids.ts";
import { cbetaCollectionToTripitaka } from "../../../../contract/tripitaka.ts";

/** The persisted quote-copy settings, named as the spec names them. */
export type QuoteSettings = {
  /** 0: the sutra after the quoted text; 1: before it. */
  sutraPostion: 0 | 1;
  /** The headline (catalogue heading) the text stands under. */
  showTitle: boolean;
  /** Punctuation in the quoted text. */
  showSymbol: boolean;
  /** A line break at each paragraph start in the quoted text. */
  showParagraph: boolean;
  /**
   * The reference after the work: this site's (edition, volume, number, pages) or CBETA's
   * (`CBETA, J39, no. B470, p. 931a3-5`), which the citation screen reads back to the same lines.
   */
  citeStyle: CiteStyle;
  /** The collation notes of the quoted places, numbered in the text and listed after the citation. */
  showNotes: boolean;
};

export type CiteStyle = "site" | "cbeta";
export const CITE_STYLES: readonly CiteStyle[] = ["site", "cbeta"];

export const SUTRA_AFTER = 0;
export const SUTRA_BEFORE = 1;

export const DEFAULT_QUOTE_SETTINGS: QuoteSettings = {
  sutraPostion: SUTRA_AFTER,
  showTitle: true,
  showSymbol: true,
  showParagraph: true,
  citeStyle: "site",
  showNotes: false,
};

export type QuoteSource = {
  dynastyAuthor: string;
  sutraName: string;
  reelName: string;
  headline: string | null;
  productCode: string;
  textType: string;
  tripitakaName: string;
  /** The volume (book) number, when the page uid names one. */
  volume: number | null;
  /** The sutra's number in its edition (B470). */
  number: string;
  /** The sutra's uid (JSB470), for the CBETA reference. */
  sutraUid: string;
  /** Page and line range (931a3-5). */
  pages: string;
  /** Traditional or simplified wording of the volume label. */
  script: "trad" | "sim";
};

type Position = { page: number; side: string; line: number; volume: number | null };

function positionOf(cid: string): Position | null {
  const id = parseLineId(cid) ?? parseCharId(cid);
  const page = id ? parsePageUid(id.pageUid) : null;
  if (!id || !page) return null;
  const numbers = page.numbers;
  return {
    page: numbers[numbers.length - 1] ?? 0,
    side: page.side,
    line: id.line,
    volume: numbers.length > 1 ? (numbers[0] ?? null) : null,
  };
}

/** The volume of the page a line id is on. */
export const volumeOf = (cid: string): number | null => positionOf(cid)?.volume ?? null;

/** "931a3", "931a3-5" (one page), "931a3-b2" (one leaf), "931a3-932a1"; "7.2-6" without a letter. */
export function pageRange(firstCid: string, lastCid: string): string {
  const first = positionOf(firstCid);
  const last = positionOf(lastCid);
  if (!first) return "";
  // Without a register letter the page and line numbers need a mark between them.
  const start = `${first.page}${first.side || "."}${first.line}`;
  if (!last) return start;
  if (last.page === first.page && last.side === first.side)
    return last.line === first.line ? start : `${start}-${last.line}`;
  if (last.page === first.page) return `${start}-${last.side}${last.line}`;
  return `${start}-${last.page}${last.side}${last.line}`;
}

/** The sutra's number within its edition: the uid without the edition code. */
export const sutraNumber = (sutraUid: string): string => parseSutraUid(sutraUid)?.work ?? sutraUid;

function work(source: QuoteSource, showTitle: boolean): string {
  const headline = showTitle && source.headline ? `〈${source.headline}〉` : "";
  return `${source.dynastyAuthor.trim()}《${source.sutraName}》${source.reelName}${headline}`;
}

function reference(source: QuoteSource): string {
  const volume = source.volume === null ? "" : ` 第${source.volume}${source.script === "sim" ? "册" : "冊"}`;
  const pages = source.pages ? `，p. ${source.pages}` : "";
  return `${source.productCode}·${source.textType}，${source.tripitakaName}${volume}，No. ${source.number}${pages}`;
}

/** CBETA's reference (`CBETA, T08, no. 251, p. 848c7-9`); null for editions CBETA does not hold. */
export function cbetaReference(source: Pick<QuoteSource, "sutraUid" | "volume" | "pages">): string | null {
  const collection = Object.entries(cbetaCollectionToTripitaka).find(([, code]) =>
    source.sutraUid.startsWith(code),
  )?.[0];
  const work = parseSutraUid(source.sutraUid)?.work;
  if (!collection || !work || source.volume === null || !/^\d+[a-z]\d/.test(source.pages)) return null;
  const number = work.replace(/^([A-Z]?)0*(?=\d)/, "$1");
  return `CBETA, ${collection}${String(source.volume).padStart(2, "0")}, no. ${number}, p. ${source.pages}`;
}

export function formatCitation(text: string, source: QuoteSource, settings: QuoteSettings): string {
  const quoted = `「${text}」`;
  const cited = (settings.citeStyle === "cbeta" ? cbetaReference(source) : null) ?? reference(source);
  if (settings.sutraPostion === SUTRA_BEFORE)
    return `${work(source, settings.showTitle)}：${quoted}（${cited}）`;
  return `${quoted}（${work(source, settings.showTitle)}；${cited}）`;
}
