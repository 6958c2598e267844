/**
 * Reads one CBETA TEI P5a (or published P5) file into lines of text as printed, with the reels,
 * pages and catalogue (mulu) entries they belong to. The reading rules:
 *   - lines and pages come from `<lb>`/`<pb>` of the file's own edition (`ed`); others are ignored;
 *   - `<milestone unit="juan">` starts a reel;
 *   - apparatus keeps the lemma (`<lem>`) in the text; readings (`<rdg>`) and the collation notes
 *     go to `apparatus`, anchored to the lemma's place (`<sic>`, `<orig>` are dropped);
 *   - other notes leave the text except inline/interlinear ones, kept in （） as the page prints them;
 *     foot-placed Sanskrit (`foreign`, `cb:t` with place foot) is dropped, as are `cb:docNumber`
 *     and figures;
 *   - `<g ref>` becomes the gaiji's char (gaiji.ts); `<space quantity=n>` and `<caesura>` become
 *     ideographic spaces; `<unclear/>` becomes ▆; consecutive verse lines (`<l>`) are spaced;
 *   - `<cb:mulu>` text is not part of the reading text; it labels a catalogue entry.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { GaijiCatalogue } from "./gaiji.ts";

export type ParsedLine = {
  /** The page part of the CBETA line id: `0848c`. */
  pageKey: string;
  lineNo: number;
  reelNo: number;
  text: string;
  /** Code point offsets in `text` where a paragraph starts. */
  paraOffsets: number[];
};

export type ParsedMulu = {
  level: number;
  type: string;
  label: string;
  reelNo: number;
  pageKey: string;
  lineNo: number;
};

/** A place in the parsed lines: an index into `lines` and a code point offset in its text. */
export type ParsedPlace = { line: number; offset: number };

/** One `<app>` (its lemma's place, readings and notes), or a note that belongs to none. */
export type ParsedApparatusEntry = {
  n: string;
  star: boolean;
  start: ParsedPlace;
  end: ParsedPlace;
  /** The lemma's `wit` as written (`【大】`); empty for a note alone. */
  lemmaWit: string;
  readings: { wit: string; resp: string; text: string }[];
  notes: { type: string; resp: string; text: string }[];
  refs: { kind: string; target: string }[];
};

export type ParsedCbetaFile = {
  collection: string;
  /** `T08`, `J39`, `L135` */
  volumeLabel: string;
  volume: number;
  /** The work number: `0251`, `B470`, `0220a` */
  workNo: string;
  headerTitle: string;
  headerAuthor: string;
  lines: ParsedLine[];
  mulu: ParsedMulu[];
  reelNos: number[];
  apparatus: ParsedApparatusEntry[];
  /** Gaiji codes the gaiji tables do not know, each with the first line it was met on. */
  unknownGaiji: { code: string; line: number }[];
};

/** Stands for a char the gaiji tables cannot give (the geta mark printers use for a missing char). */
export const UNKNOWN_GAIJI_MARK = "\u3013";

export class CbetaParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = "CbetaParseError";
  }
}

const FILE_NAME_RE = /^([A-Z]+)(\d+)n([A-Za-z0-9]+)$/;
const LINE_ID_RE = /^(.*?)(\d{2,3})$/;

export function parseFileName(baseName: string): { collection: string; volumeLabel: string; workNo: string } {
  const match = FILE_NAME_RE.exec(baseName);
  if (!match) throw new CbetaParseError(`not a CBETA file name: ${baseName}`, null);
  const [, collection, volume, workNo] = match as unknown as [string, string, string, string];
  return { collection, volumeLabel: `${collection}${volume}`, workNo };
}

const SKIPPED = new Set(["rdg", "sic", "orig", "cb:docNumber", "figure", "graphic", "teiHeader", "cb:fn"]);

function attr(tag: SaxesTagPlain, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = tag.attributes[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

const placeOf = (tag: SaxesTagPlain): string => attr(tag, "place", "cb:place", "rend") ?? "";
const isInlineNote = (tag: SaxesTagPlain): boolean => /\b(inline|interlinear)\b/.test(placeOf(tag));

function keepsTranslation(tag: SaxesTagPlain): boolean {
  if (/foot/.test(placeOf(tag))) return false;
  const lang = attr(tag, "xml:lang") ?? "";
  return lang === "" || lang.startsWith("zh") || lang === "sa-Sidd";
}

const codePoints = (text: string): number => {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
};

type Frame = { name: string; skip: boolean; closeWith: string; onClose?: () => void };

/** Text being kept aside from the line: a reading, or a note (all of its text, nested parts too). */
type Capture = { kind: "reading" | "note"; depth: number; text: string };

/** Another reader of a parse's events (colophons/text-paragraphs.ts), so a file is parsed once for both. */
export type SaxReader = {
  opentag(tag: SaxesTagPlain): void;
  closetag(tag: SaxesTagPlain): void;
  text(text: string): void;
};

export function parseCbetaXml(
  xml: string,
  baseName: string,
  gaiji: GaijiCatalogue,
  also?: SaxReader,
): ParsedCbetaFile {
  const { collection, volumeLabel, workNo } = parseFileName(baseName);
  const volume = Number.parseInt(volumeLabel.slice(collection.length), 10);
  const lines: ParsedLine[] = [];
  const mulu: ParsedMulu[] = [];
  const reelNos: number[] = [];
  const unknownGaiji: { code: string; line: number }[] = [];
  const apparatus: ParsedApparatusEntry[] = [];
  const openApps: ParsedApparatusEntry[] = [];
  const captures: Capture[] = [];
  /** Notes met outside an `<app>`, by their number, to join the `<app>` of that number. */
  const looseNotes: { n: string; at: ParsedPlace; note: ParsedApparatusEntry["notes"][number] }[] = [];
  const stack: Frame[] = [];
  let skipDepth = 0;
  let inBody = false;
  let reelNo = 0;
  let line: ParsedLine | null = null;
  let lineLength = 0;
  let muluCapture: ParsedMulu | null = null;
  let headerCapture: "title" | "author" | null = null;
  let headerTitle = "";
  let headerAuthor = "";

  const emit = (text: string): void => {
    if (muluCapture) {
      muluCapture.label += text;
      return;
    }
    if (!line || skipDepth > 0 || text === "") return;
    line.text += text;
    lineLength += codePoints(text);
  };

  /** Into the line (as emit decides) and into the innermost capture. */
  const put = (text: string): void => {
    emit(text);
    const capture = captures[captures.length - 1];
    if (capture && (capture.kind === "note" || skipDepth === capture.depth)) capture.text += text;
  };

  const place = (): ParsedPlace => ({ line: lines.length - 1, offset: lineLength });

  const startReel = (n: number): void => {
    reelNo = n;
    if (!reelNos.includes(n)) reelNos.push(n);
    if (line && line.text === "") line.reelNo = n;
  };

  const startLine = (id: string): void => {
    const match = LINE_ID_RE.exec(id);
    if (!match?.[1]) throw new CbetaParseError(`malformed line id "${id}"`, parser.line);
    const pageKey = match[1];
    const lineNo = Number.parseInt(match[2] as string, 10);
    if (line && line.pageKey === pageKey && line.lineNo === lineNo) return;
    if (reelNo === 0) startReel(1);
    line = { pageKey, lineNo, reelNo, text: "", paraOffsets: [] };
    lineLength = 0;
    lines.push(line);
  };

  const openApp = (tag: SaxesTagPlain): (() => void) => {
    const corresp = (attr(tag, "corresp") ?? "").replace(/^#/, "");
    const entry: ParsedApparatusEntry = {
      n: attr(tag, "n") ?? corresp,
      star: attr(tag, "type") === "star",
      start: place(),
      end: place(),
      lemmaWit: "",
      readings: [],
      notes: [],
      refs: [],
    };
    apparatus.push(entry);
    openApps.push(entry);
    return () => {
      openApps.pop();
    };
  };

  const captureNote = (tag: SaxesTagPlain): (() => void) => {
    // The skip this note starts is counted after this call: its own text is at depth + 1.
    const capture: Capture = { kind: "note", depth: skipDepth + 1, text: "" };
    captures.push(capture);
    const at = place();
    const app = openApps[openApps.length - 1];
    const type = attr(tag, "type") ?? "";
    const n = attr(tag, "n") ?? "";
    const resp = attr(tag, "resp") ?? "";
    return () => {
      captures.pop();
      const text = capture.text.trim();
      if (text === "") return;
      if (/^cf\d*$/.test(type)) {
        const owner = app ?? looseEntry(at, n);
        owner.refs.push({ kind: type, target: text });
        return;
      }
      const note = { type, resp, text };
      if (app) app.notes.push(note);
      else if (n) looseNotes.push({ n, at, note });
      else looseEntry(at, n).notes.push(note);
    };
  };

  const looseEntry = (at: ParsedPlace, n: string): ParsedApparatusEntry => {
    const entry: ParsedApparatusEntry = {
      n,
      star: false,
      start: at,
      end: at,
      lemmaWit: "",
      readings: [],
      notes: [],
      refs: [],
    };
    apparatus.push(entry);
    return entry;
  };

  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });

  parser.on("opentag", (tag) => {
    also?.opentag(tag);
    const name = tag.name;
    let skip = false;
    let closeWith = "";
    let onClose: (() => void) | undefined;
    if (!inBody) {
      if (name === "body") inBody = true;
      else if (name === "title" && (headerTitle === "" || attr(tag, "xml:lang") === "zh-Hant")) {
        headerTitle = "";
        headerCapture = "title";
      } else if (name === "author" && headerAuthor === "") headerCapture = "author";
      stack.push({ name, skip: false, closeWith: "" });
      return;
    }
    switch (name) {
      case "lb":
        if (attr(tag, "ed") === collection) startLine(attr(tag, "n") ?? "");
        break;
      case "milestone":
        if (attr(tag, "unit") === "juan") {
          const n = Number.parseInt(attr(tag, "n") ?? "", 10);
          if (!Number.isFinite(n) || n < 1)
            throw new CbetaParseError("juan milestone without a number", parser.line);
          startReel(n);
        }
        break;
      case "g": {
        const ref = (attr(tag, "ref") ?? "").replace(/^#/, "");
        const entry = gaiji.byCode.get(ref);
        if (!entry && !unknownGaiji.some((u) => u.code === ref))
          unknownGaiji.push({ code: ref, line: parser.line });
        put(entry ? entry.text : UNKNOWN_GAIJI_MARK);
        skip = true;
        break;
      }
      case "space": {
        const quantity = Number.parseInt(attr(tag, "quantity") ?? "1", 10);
        if (quantity > 0) put("\u3000".repeat(quantity));
        break;
      }
      case "caesura":
        put("\u3000");
        break;
      case "unclear":
        if (tag.isSelfClosing) put("▆");
        break;
      case "note":
        if (isInlineNote(tag)) {
          put("（");
          closeWith = "）";
        } else {
          skip = true;
          const reading = captures[captures.length - 1];
          const inReading = reading?.kind === "reading" && skipDepth === reading.depth;
          if ((skipDepth === 0 || inReading) && line) onClose = captureNote(tag);
        }
        break;
      case "app":
        if (skipDepth === 0 && line) onClose = openApp(tag);
        break;
      case "lem": {
        const app = openApps[openApps.length - 1];
        if (app && skipDepth === 0 && stack[stack.length - 1]?.name === "app") {
          app.lemmaWit = attr(tag, "wit") ?? "";
          app.start = place();
          app.end = place();
          onClose = () => {
            app.end = place();
          };
        }
        break;
      }
      case "rdg": {
        skip = true;
        const app = openApps[openApps.length - 1];
        if (app && skipDepth === 0 && stack[stack.length - 1]?.name === "app") {
          const capture: Capture = { kind: "reading", depth: 1, text: "" };
          captures.push(capture);
          const wit = attr(tag, "wit") ?? "";
          const resp = attr(tag, "resp") ?? "";
          onClose = () => {
            captures.pop();
            app.readings.push({ wit, resp, text: capture.text });
          };
        }
        break;
      }
      case "foreign":
        skip = /foot/.test(placeOf(tag));
        break;
      case "cb:t":
        skip = !keepsTranslation(tag);
        break;
      case "l":
        if (line && lineLength > 0 && !line.text.endsWith("\u3000")) put("\u3000");
        break;
      case "p":
        if (line && skipDepth === 0 && !muluCapture) line.paraOffsets.push(lineLength);
        break;
      case "cb:mulu":
        if (line && skipDepth === 0) {
          muluCapture = {
            level: Number.parseInt(attr(tag, "level") ?? "1", 10) || 1,
            type: attr(tag, "type") ?? "",
            label: "",
            reelNo: line.reelNo,
            pageKey: line.pageKey,
            lineNo: line.lineNo,
          };
        }
        break;
      default:
        skip = SKIPPED.has(name);
    }
    if (skip) skipDepth++;
    stack.push({ name, skip, closeWith, ...(onClose ? { onClose } : {}) });
  });

  parser.on("closetag", (tag) => {
    also?.closetag(tag);
    const frame = stack.pop();
    if (!frame || frame.name !== tag.name)
      throw new CbetaParseError(`unbalanced </${tag.name}>`, parser.line);
    if (!inBody) {
      headerCapture = null;
      return;
    }
    if (frame.skip) skipDepth--;
    if (frame.closeWith) put(frame.closeWith);
    frame.onClose?.();
    if (tag.name === "cb:mulu" && muluCapture) {
      const entry: ParsedMulu = muluCapture;
      muluCapture = null;
      entry.label = entry.label.trim();
      if (entry.label !== "") mulu.push(entry);
    }
    if (tag.name === "body") inBody = false;
  });

  parser.on("text", (raw) => {
    also?.text(raw);
    if (!inBody) {
      if (headerCapture === "title") headerTitle += raw;
      else if (headerCapture === "author") headerAuthor += raw;
      return;
    }
    put(raw.replace(/[\r\n\t]/g, ""));
  });

  parser.on("error", (error) => {
    throw new CbetaParseError(error.message, parser.line);
  });

  parser.write(xml).close();
  if (lines.length === 0) throw new CbetaParseError(`no <lb ed="${collection}"> lines in the text`, null);
  joinLooseNotes(apparatus, looseNotes);
  return {
    collection,
    volumeLabel,
    volume,
    workNo,
    headerTitle: headerTitle.trim(),
    headerAuthor: headerAuthor.trim(),
    lines,
    mulu,
    reelNos: reelNos.sort((a, b) => a - b),
    apparatus,
    unknownGaiji,
  };
}

/**
 * A numbered note outside an `<app>` (the Taishō footnote and CBETA's note written before it)
 * joins the `<app>` of its number; without one it is a place of its own. A repeated place
 * (`type="star"`) shows its original's notes. Entries end in text order.
 */
function joinLooseNotes(
  apparatus: ParsedApparatusEntry[],
  looseNotes: { n: string; at: ParsedPlace; note: ParsedApparatusEntry["notes"][number] }[],
): void {
  const byN = new Map<string, ParsedApparatusEntry>();
  for (const entry of apparatus) if (!entry.star && entry.n && !byN.has(entry.n)) byN.set(entry.n, entry);
  const joined = new Map<ParsedApparatusEntry, ParsedApparatusEntry["notes"]>();
  for (const { n, at, note } of looseNotes) {
    let owner = byN.get(n);
    if (!owner) {
      owner = { n, star: false, start: at, end: at, lemmaWit: "", readings: [], notes: [], refs: [] };
      apparatus.push(owner);
      byN.set(n, owner);
    }
    const before = joined.get(owner) ?? [];
    before.push(note);
    joined.set(owner, before);
  }
  for (const [owner, notes] of joined) owner.notes = [...notes, ...owner.notes];
  for (const entry of apparatus)
    if (entry.star && entry.notes.length === 0) entry.notes = [...(byN.get(entry.n)?.notes ?? [])];
  const byPlace = (a: ParsedPlace, b: ParsedPlace): number => a.line - b.line || a.offset - b.offset;
  apparatus.sort((a, b) => byPlace(a.start, b.start));
}
