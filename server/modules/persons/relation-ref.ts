/**
 * The source of an SNA relation, read from its `ref` for a reader. The refs come in a few forms:
 *
 *   File: 0073shiDaoRong.xml, CBETA lines:  T.50.2059.0363b22#0363c03 #0363c23
 *     a biography file of DILA's biography projects (the same file names as the corpus's
 *     `persons/biographies`), the biography's first line and the nexus point's first line;
 *   《五燈全書(第34卷-第120卷)》卷83：「天台華頂仁叟震禪師……」; http://…/X82n1571_p0455b03
 *     a book, its juan and the words quoted, with the CBETA place as an address or a citation
 *     `(CBETA, X82, no. 1571, p. 455, b3)`;
 *   （X86n1601_p0398a58） or (T51n2076_p0224c05)
 *     a CBETA place alone.
 *
 * Other refs (dictionaries, inscriptions, web pages) are shown as they are written.
 */

/** CBETA volume (`T50`), work id as the catalogue keys it (`T2060`, `JB233`) and line (`0687b11`). */
export type CitedWork = { volume: string; workId: string; line: string | null };

export type ReadRef = {
  /** The biography file the relation was read from (`0073shiDaoRong.xml`). */
  file: string | null;
  work: CitedWork | null;
  title: string | null;
  juan: number | null;
  quote: string | null;
};

/**
 * Titles of the works DILA's biography projects tag, whose files the SNA cites by name; the
 * library may hold none of them, so their titles cannot come from its catalogue (the titles are
 * those of `metadata/authority-catalog`).
 */
export const BIOGRAPHY_WORK_TITLES: Readonly<Record<string, string>> = {
  T2059: "高僧傳",
  T2060: "續高僧傳",
  T2061: "宋高僧傳",
  T2062: "大明高僧傳",
  T2063: "比丘尼傳",
  T2145: "出三藏記集",
  X1523: "名僧傳抄",
  X1524: "補續高僧傳",
  X1646: "居士傳",
  B0151: "新續高僧傳",
};

const FILE_RE = /^File:\s*([^,\s]+\.xml)/;
/** `T.50.2059.0363b22#0363c03`, or without the first line: `B.27.0151#0192a16`. */
const DOTTED_RE = /\b([A-Z]+)\.(\d+)\.([A-Za-z]?\d+[a-z]?)(?:\.(\d{4}[a-z]\d{2}))?(?:#(\d{4}[a-z]\d{2}))?/;
/** `X82n1571_p0455b03` in an address or in brackets. */
const PLACE_RE = /\b([A-Z]+)(\d+)n([A-Za-z]?\d+[a-z]?)_p([a-z]?\d{4}[a-z]\d{2})/;
/** `(CBETA, X82, no. 1571, p. 455, b3`. */
const CITATION_RE = /\(CBETA,\s*([A-Z]+)(\d+),\s*no\.\s*([A-Za-z]?\d+[a-z]?),\s*p\.\s*(\d+),\s*([a-z])(\d+)/;
const BOOK_RE = /^《([^》]+)》(?:卷(\d+))?/;
const QUOTE_RE = /「([^」]*)」/;

const workId = (collection: string, number: string): string =>
  /^\d+$/.test(number) ? `${collection}${number.padStart(4, "0")}` : `${collection}${number}`;

function citedWork(ref: string): CitedWork | null {
  const dotted = DOTTED_RE.exec(ref);
  if (dotted) {
    const [, collection = "", volume = "", number = "", first, nexus] = dotted;
    return {
      volume: `${collection}${volume}`,
      workId: workId(collection, number),
      line: nexus ?? first ?? null,
    };
  }
  const place = PLACE_RE.exec(ref);
  if (place) {
    const [, collection = "", volume = "", number = "", line = ""] = place;
    return { volume: `${collection}${volume}`, workId: workId(collection, number), line };
  }
  const citation = CITATION_RE.exec(ref);
  if (citation) {
    const [, collection = "", volume = "", number = "", page = "", register = "", line = ""] = citation;
    return {
      volume: `${collection}${volume}`,
      workId: workId(collection, number),
      line: `${page.padStart(4, "0")}${register}${line.padStart(2, "0")}`,
    };
  }
  return null;
}

/** A book's title without the volume range CBETA adds to split works: 五燈全書(第34卷-第120卷). */
const bookTitle = (title: string): string => title.replace(/\s*[(（]第[^)）]*卷[)）]\s*$/, "").trim();

export function readRelationRef(ref: string): ReadRef | null {
  const text = ref.trim();
  const file = FILE_RE.exec(text)?.[1] ?? null;
  const book = BOOK_RE.exec(text);
  const work = citedWork(text);
  if (!file && !book && !work) return null;
  const quote = book ? QUOTE_RE.exec(text)?.[1]?.trim() : undefined;
  return {
    file,
    work,
    title: book?.[1] ? bookTitle(book[1]) : null,
    juan: book?.[2] ? Number(book[2]) : null,
    quote: quote ? quote : null,
  };
}

/** `T50, p. 687b11`: the place as CBETA cites it, without the page's leading zeros. */
export function citedAt(work: CitedWork): string {
  if (!work.line) return work.volume;
  const [, page = "", rest = ""] = /^0*(\d+)([a-z]\d{2})$/.exec(work.line) ?? [];
  return page ? `${work.volume}, p. ${page}${rest}` : work.volume;
}
