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
 * donor lists, postscripts, biographies) carry the number of that division.
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

type Frame = { skip: boolean; appended: boolean; kind: ParagraphKind | null };

/** A reader of a parse's events that gathers the paragraphs (`finish` once the parse is done). */
export type ParagraphReader = SaxReader & { finish(): TextParagraph[] };

/** The paragraphs of the body of a file whose lines are `<lb ed="{collection}">`. */
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
  const stack: Frame[] = [];
  const kinds: ParagraphKind[] = [];
  let inBody = false;
  let skipDepth = 0;
  let appendedDepth = 0;
  let appended = 0;
  let lineId: { pageKey: string; lineNo: number } | null = null;
  let paragraph: TextParagraph | null = null;
  let preformatted = false;
  /** Whether the current line has text, and whether a blank line came since the last text. */
  let lineHasText = false;
  let blankSeen = false;

  const close = (): void => {
    if (paragraph) {
      paragraph.lines = paragraph.lines.filter((line) => line.text.trim() !== "");
      if (paragraph.lines.length > 0) paragraphs.push(paragraph);
    }
    paragraph = null;
  };
  const emit = (text: string): void => {
    if (skipDepth > 0 || text === "" || !lineId) return;
    paragraph ??= {
      kind: kinds.at(-1) ?? "text",
      lines: [],
      preformatted,
      appended: appendedDepth > 0 ? appended : 0,
      afterBlank: blankSeen,
    };
    if (text.trim() !== "") {
      lineHasText = true;
      blankSeen = false;
    }
    const last = paragraph.lines.at(-1);
    if (last && last.pageKey === lineId.pageKey && last.lineNo === lineId.lineNo) last.text += text;
    else paragraph.lines.push({ ...lineId, text });
  };

  const opentag = (tag: SaxesTagPlain): void => {
    if (!inBody) {
      inBody = tag.name === "body";
      stack.push({ skip: false, appended: false, kind: null });
      return;
    }
    const isAppended = tag.name === "cb:div" && attribute(tag, "type") === "w";
    const kind = KINDS[tag.name] ?? null;
    if (BREAKS.has(tag.name) && skipDepth === 0) close();
    if (isAppended && appendedDepth++ === 0) appended++;
    if (kind) kinds.push(kind);
    if (tag.name === "p") preformatted = attribute(tag, "cb:type") === "pre";
    if (tag.name === "g") {
      const entry = gaiji.byCode.get(attribute(tag, "ref").replace(/^#/u, ""));
      emit(entry ? entry.text : UNKNOWN_GAIJI_MARK);
    }
    const line =
      tag.name === "lb" && attribute(tag, "ed") === collection && LINE_ID.exec(attribute(tag, "n"));
    if (line) {
      if (lineId && !lineHasText) blankSeen = true;
      lineId = { pageKey: line[1] ?? "", lineNo: Number.parseInt(line[2] ?? "", 10) };
      lineHasText = false;
    }
    const skip = skips(tag);
    if (skip) skipDepth++;
    stack.push({ skip, appended: isAppended, kind });
    if (skipDepth > 0) return;
    if (tag.name === "space")
      emit("\u3000".repeat(Math.max(0, Number.parseInt(attribute(tag, "quantity") || "1", 10) || 0)));
    else if (tag.name === "caesura") emit("\u3000");
    else if (tag.name === "unclear" && tag.isSelfClosing) emit("▆");
  };
  const closetag = (tag: SaxesTagPlain): void => {
    const frame = stack.pop();
    if (!frame) return;
    if (frame.skip) skipDepth--;
    if (BREAKS.has(tag.name) && skipDepth === 0) close();
    if (frame.kind) kinds.pop();
    if (tag.name === "p") preformatted = false;
    if (frame.appended) appendedDepth--;
    if (tag.name === "body") inBody = false;
  };
  return {
    opentag,
    closetag,
    text(text) {
      if (inBody) emit(text.replace(/[\r\n\t]/gu, ""));
    },
    finish() {
      close();
      return paragraphs;
    },
  };
}
