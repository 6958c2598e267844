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
import { apparatusCollector, type ParsedApparatusEntry } from "./cbeta-apparatus.ts";
import type { GaijiCatalogue } from "./gaiji.ts";

export type { ParsedApparatusEntry, ParsedPlace } from "./cbeta-apparatus.ts";

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

type Frame = { name: string; skip: boolean; closeWith: string; onClose?: (() => void) | undefined };

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

  const apparatus = apparatusCollector(() => ({ line: lines.length - 1, offset: lineLength }));

  /** Into the line (as emit decides) and to the apparatus, which may be keeping it aside. */
  const put = (text: string): void => {
    emit(text);
    apparatus.text(text, skipDepth);
  };

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
          if (line) onClose = apparatus.openNote(tag, skipDepth);
        }
        break;
      case "app":
        if (line) onClose = apparatus.openApp(tag, skipDepth);
        break;
      case "lem":
        onClose = apparatus.openLemma(tag, skipDepth, stack[stack.length - 1]?.name);
        break;
      case "rdg":
        skip = true;
        onClose = apparatus.openReading(tag, skipDepth, stack[stack.length - 1]?.name);
        break;
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
    stack.push({ name, skip, closeWith, onClose });
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
    apparatus: apparatus.finish(),
    unknownGaiji,
  };
}
