/**
 * The body of a CBETA file as paragraphs of lines, each line with its CBETA line id, for finding
 * colophons. The text is read as the page prints it:
 *   - apparatus keeps the lemma (`<lem>`), drops readings (`<rdg>`, `<sic>`, `<orig>`);
 *   - editors' notes are dropped; inline notes (the small double-row text of names, 同緣…) are
 *     kept without the brackets the reading text puts round them;
 *   - `<g ref>` is the gaiji's char, `<space>`/`<caesura>` ideographic spaces, `<unclear/>` ▆.
 * A paragraph ends at `<p>`, `<lg>`, `<head>`, `<byline>`, a juan title, a list item, a catalogue
 * heading (`<cb:mulu>`) or a division. A blank line between paragraphs is noted (it separates
 * pieces in print). Paragraphs inside `<cb:div type="w">` (the appended writings: colophons,
 * donor lists, postscripts, biographies) carry the number of that division. Only the paragraphs
 * where a colophon may be are kept: the lines of the running text are let go as they are read.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { type SaxReader, UNKNOWN_GAIJI_MARK } from "../cbeta-parser.ts";
import type { GaijiCatalogue } from "../gaiji.ts";

export type TextLine = { pageKey: string; lineNo: number; text: string };

export type ParagraphKind = "p" | "verse" | "heading" | "byline" | "juan" | "item" | "text";

export type TextParagraph = {
  kind: ParagraphKind;
  lines: TextLine[];
  /** Laid out line by line (`cb:type="pre"`), as colophons and lists are, not running prose. */
  preformatted: boolean;
  /** The appended writing (`cb:div type="w"`) it belongs to, numbered from 1 in file order; 0 outside. */
  appended: number;
  /** A blank line comes before it. */
  afterBlank: boolean;
};

const SKIPPED = new Set(["rdg", "sic", "orig", "cb:docNumber", "figure", "graphic", "cb:fn", "g"]);
const KINDS: Record<string, ParagraphKind> = {
  p: "p",
  lg: "verse",
  head: "heading",
  "cb:mulu": "heading",
  byline: "byline",
  "cb:jhead": "juan",
  item: "item",
};
const BREAKS = new Set([...Object.keys(KINDS), "cb:div", "cb:juan", "list"]);
const LINE_ID = /^(.*?)(\d{2,3})$/u;

const attribute = (tag: SaxesTagPlain, name: string): string => tag.attributes[name] ?? "";
const placeOf = (tag: SaxesTagPlain): string =>
  tag.attributes.place ?? tag.attributes["cb:place"] ?? tag.attributes.rend ?? "";

function skips(tag: SaxesTagPlain): boolean {
  switch (tag.name) {
    case "note":
      return !/\b(inline|interlinear)\b/u.test(placeOf(tag));
    case "foreign":
      return /foot/u.test(placeOf(tag));
    case "cb:t": {
      const lang = attribute(tag, "xml:lang");
      return /foot/u.test(placeOf(tag)) || !(lang === "" || lang.startsWith("zh") || lang === "sa-Sidd");
    }
    default:
      return SKIPPED.has(tag.name);
  }
}

/** The most lines of text a colophon outside the appended writings has (extract-colophons.ts). */
export const MAX_LOOSE_LINES = 4;
/** The kinds of paragraph that may be a colophon on their own, outside the appended writings. */
export const LOOSE_KINDS: ReadonlySet<ParagraphKind> = new Set<ParagraphKind>(["p", "juan", "text"]);

/** A tag's frame on the stack: whether it skips its content, opens an appended writing, opens a kind. */
const SKIP = 1;
const APPENDED = 2;
const KIND = 4;

const NEWLINES = /[\r\n\t]/;
const ALL_NEWLINES = /[\r\n\t]/g;

/** A paragraph being read: `kept` false once it can be no colophon, and its lines are no longer kept. */
type OpenParagraph = TextParagraph & { kept: boolean; linesWithText: number; lastHasText: boolean };

/** A reader of a parse's events that gathers the paragraphs (`finish` once the parse is done). */
export type ParagraphReader = SaxReader & { finish(): TextParagraph[] };

/**
 * The paragraphs of the body of a file whose lines are `<lb ed="{collection}">` where a colophon
 * may be: every paragraph of the appended writings, and outside them the paragraphs of a loose
 * kind with at most MAX_LOOSE_LINES lines of text.
 */
export function textParagraphs(xml: string, collection: string, gaiji: GaijiCatalogue): TextParagraph[] {
  const reader = paragraphReader(collection, gaiji);
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on("opentag", (tag) => reader.opentag(tag));
  parser.on("closetag", (tag) => reader.closetag(tag));
  parser.on("text", (text) => reader.text(text));
  parser.write(xml).close();
  return reader.finish();
}

export function paragraphReader(collection: string, gaiji: GaijiCatalogue): ParagraphReader {
  const paragraphs: TextParagraph[] = [];
  const stack: number[] = [];
  const kinds: ParagraphKind[] = [];
  let inBody = false;
  let skipDepth = 0;
  let appendedDepth = 0;
  let appended = 0;
  let pageKey = "";
  let lineNo = 0;
  let inLine = false;
  let paragraph: OpenParagraph | null = null;
  let preformatted = false;
  /** Whether the current line has text, and whether a blank line came since the last text. */
  let lineHasText = false;
  let blankSeen = false;

  const close = (): void => {
    if (paragraph?.kept) {
      const { kind, preformatted, appended, afterBlank } = paragraph;
      const lines = paragraph.lines.filter((line) => line.text.trim() !== "");
      if (lines.length > 0) paragraphs.push({ kind, lines, preformatted, appended, afterBlank });
    }
    paragraph = null;
  };
  const emit = (text: string): void => {
    if (skipDepth > 0 || text === "" || !inLine) return;
    if (!paragraph) {
      const kind = kinds.at(-1) ?? "text";
      const inAppended = appendedDepth > 0;
      paragraph = {
        kind,
        lines: [],
        preformatted,
        appended: inAppended ? appended : 0,
        afterBlank: blankSeen,
        kept: inAppended || LOOSE_KINDS.has(kind),
        linesWithText: 0,
        lastHasText: false,
      };
    }
    const hasText = text.trim() !== "";
    if (hasText) {
      lineHasText = true;
      blankSeen = false;
    }
    if (!paragraph.kept) return;
    const lines = paragraph.lines;
    const last = lines[lines.length - 1];
    if (last && last.pageKey === pageKey && last.lineNo === lineNo) last.text += text;
    else {
      lines.push({ pageKey, lineNo, text });
      paragraph.lastHasText = false;
    }
    if (hasText && !paragraph.lastHasText) {
      paragraph.lastHasText = true;
      paragraph.linesWithText++;
      if (paragraph.appended === 0 && paragraph.linesWithText > MAX_LOOSE_LINES) {
        paragraph.kept = false;
        paragraph.lines = [];
      }
    }
  };

  const opentag = (tag: SaxesTagPlain): void => {
    const name = tag.name;
    if (!inBody) {
      inBody = name === "body";
      stack.push(0);
      return;
    }
    const isAppended = name === "cb:div" && attribute(tag, "type") === "w";
    const kind = KINDS[name] ?? null;
    if (BREAKS.has(name) && skipDepth === 0) close();
    if (isAppended && appendedDepth++ === 0) appended++;
    if (kind) kinds.push(kind);
    if (name === "p") preformatted = attribute(tag, "cb:type") === "pre";
    if (name === "g") {
      const entry = gaiji.byCode.get(attribute(tag, "ref").replace(/^#/u, ""));
      emit(entry ? entry.text : UNKNOWN_GAIJI_MARK);
    }
    const line = name === "lb" && attribute(tag, "ed") === collection && LINE_ID.exec(attribute(tag, "n"));
    if (line) {
      if (inLine && !lineHasText) blankSeen = true;
      pageKey = line[1] ?? "";
      lineNo = Number.parseInt(line[2] ?? "", 10);
      inLine = true;
      lineHasText = false;
    }
    const skip = skips(tag);
    if (skip) skipDepth++;
    stack.push((skip ? SKIP : 0) | (isAppended ? APPENDED : 0) | (kind ? KIND : 0));
    if (skipDepth > 0) return;
    if (name === "space")
      emit("\u3000".repeat(Math.max(0, Number.parseInt(attribute(tag, "quantity") || "1", 10) || 0)));
    else if (name === "caesura") emit("\u3000");
    else if (name === "unclear" && tag.isSelfClosing) emit("▆");
  };
  const closetag = (tag: SaxesTagPlain): void => {
    const frame = stack.pop();
    if (frame === undefined) return;
    if (frame & SKIP) skipDepth--;
    if (BREAKS.has(tag.name) && skipDepth === 0) close();
    if (frame & KIND) kinds.pop();
    if (tag.name === "p") preformatted = false;
    if (frame & APPENDED) appendedDepth--;
    if (tag.name === "body") inBody = false;
  };
  return {
    opentag,
    closetag,
    text(text) {
      if (inBody && skipDepth === 0 && inLine)
        emit(NEWLINES.test(text) ? text.replace(ALL_NEWLINES, "") : text);
    },
    finish() {
      close();
      return paragraphs;
    },
  };
}
