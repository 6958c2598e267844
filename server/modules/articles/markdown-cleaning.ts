/**
 * Cleans an article's markdown before it is stored: raw HTML loses what the allow-list of
 * html-cleaning.ts refuses (script, style, iframe, object, embed and form elements, event handler
 * attributes, unsafe addresses); a link to an unsafe address (`javascript:`, `vbscript:`, `data:`,
 * any scheme but http, https and mailto) becomes its text, such an image its alt text, and such a
 * link definition goes. Everything else is kept byte for byte: the markdown is parsed only to find
 * where the unsafe parts are, and only those parts of the text are replaced. Code spans and code
 * blocks are text, so they are left as they are whatever they show.
 */
import type { Nodes, Parents } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { cleanHtmlPiece, IMAGE_SCHEMES, isSafeAddress, LINK_SCHEMES } from "./html-cleaning.ts";

type Edit = { start: number; end: number; text: string };

/**
 * A replacement can bring new markdown together (a link's text, an image's alt), so the text is
 * cleaned again until nothing changes; this many rounds are far more than any real text needs.
 */
const MAX_ROUNDS = 8;

export class UncleanableMarkdownError extends Error {
  constructor() {
    super("the content's HTML and links could not be cleaned: simplify them");
    this.name = "UncleanableMarkdownError";
  }
}

const startOf = (node: Nodes): number | undefined => node.position?.start.offset;
const endOf = (node: Nodes): number | undefined => node.position?.end.offset;

/**
 * `replacement` for the source of an HTML node whose lines after the first carry a container's
 * prefix (`> ` of a blockquote, a list item's indent) that the node's value lacks: the prefixes
 * go back in front of the replacement's lines. Null when the source and the value do not line up.
 */
function withContainerPrefixes(source: string, value: string, replacement: string): string | null {
  const sourceLines = source.split("\n");
  const valueLines = value.split("\n");
  if (sourceLines.length !== valueLines.length) return null;
  const prefixes: string[] = [];
  for (let i = 1; i < sourceLines.length; i++) {
    const sourceLine = sourceLines[i] ?? "";
    const valueLine = valueLines[i] ?? "";
    if (!sourceLine.endsWith(valueLine)) return null;
    prefixes.push(sourceLine.slice(0, sourceLine.length - valueLine.length));
  }
  const [first = "", ...rest] = replacement.split("\n");
  return [first, ...rest.map((line, i) => `${prefixes[Math.min(i, prefixes.length - 1)] ?? ""}${line}`)].join(
    "\n",
  );
}

function htmlEdit(markdown: string, value: string, start: number, end: number): Edit | null {
  const cleaned = cleanHtmlPiece(value);
  if (cleaned === value) return null;
  const source = markdown.slice(start, end);
  const text = source === value ? cleaned : (withContainerPrefixes(source, value, cleaned) ?? "");
  return { start, end, text };
}

/** The source of a link's content: its text with the markdown inside it. */
function contentSource(markdown: string, node: Parents): string {
  const first = node.children[0];
  const last = node.children[node.children.length - 1];
  const start = first ? startOf(first) : undefined;
  const end = last ? endOf(last) : undefined;
  return start === undefined || end === undefined ? "" : markdown.slice(start, end);
}

/** The edits one round makes, in document order and never nested. */
function editsOf(markdown: string): Edit[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const edits: Edit[] = [];
  const visit = (node: Nodes): void => {
    const start = startOf(node);
    const end = endOf(node);
    if (start !== undefined && end !== undefined) {
      let edit: Edit | null = null;
      if (node.type === "html") edit = htmlEdit(markdown, node.value, start, end);
      else if (node.type === "link" && !isSafeAddress(node.url, LINK_SCHEMES))
        edit = { start, end, text: contentSource(markdown, node) };
      else if (node.type === "image" && !isSafeAddress(node.url, IMAGE_SCHEMES))
        edit = { start, end, text: node.alt ?? "" };
      else if (node.type === "definition" && !isSafeAddress(node.url, LINK_SCHEMES))
        edit = { start, end, text: "" };
      if (edit) {
        edits.push(edit);
        // What the replacement keeps of the node is cleaned in the next round.
        return;
      }
    }
    if ("children" in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return edits;
}

function applyEdits(markdown: string, edits: readonly Edit[]): string {
  let out = markdown;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The markdown without unsafe HTML and addresses; throws UncleanableMarkdownError if it never settles. */
export function cleanArticleMarkdown(markdown: string): string {
  let text = markdown;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const edits = editsOf(text);
    if (edits.length === 0) return text;
    text = applyEdits(text, edits);
  }
  throw new UncleanableMarkdownError();
}
