/**
 * The HTML an article's markdown may carry, and the cleaning of one piece of it (a tag, a comment
 * or a block of HTML as the markdown parser cut it out). A piece the allow-list takes nothing from
 * is kept exactly as written; otherwise it is replaced by what the allow-list leaves of it. An
 * attribute whose value holds `<` or `>` goes: markup inside an attribute is read as markup by a
 * browser that parses the piece in another context (inside `<noscript>`, `<xmp>`, a comment).
 */
import sanitizeHtml from "sanitize-html";

/** Address schemes a link may use; an address without a scheme (relative, `#anchor`) is allowed. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;
/** Address schemes an image may load from: no `data:`, no `javascript:`. */
export const IMAGE_SCHEMES = ["http", "https"] as const;

const ALLOWED_TAGS = [
  "a",
  "abbr",
  "b",
  "bdi",
  "blockquote",
  "br",
  "caption",
  "center",
  "cite",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "details",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "kbd",
  "li",
  "mark",
  "ol",
  "p",
  "pre",
  "q",
  "rp",
  "rt",
  "ruby",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "u",
  "ul",
  "var",
  "wbr",
];

const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  "*": ["title", "lang", "dir", "class", "align"],
  a: ["href", "name", "target", "rel"],
  img: ["src", "alt", "width", "height"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan", "scope"],
  col: ["span"],
  colgroup: ["span"],
  ol: ["start", "type", "reversed"],
  ul: ["type"],
  li: ["value"],
  details: ["open"],
  time: ["datetime"],
  q: ["cite"],
  blockquote: ["cite"],
  del: ["cite", "datetime"],
  ins: ["cite", "datetime"],
};

/** Elements whose content goes with them: script and style bodies are not text to show. */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "iframe",
  "frame",
  "frameset",
  "noscript",
  "noembed",
  "noframes",
  "object",
  "embed",
  "applet",
  "template",
  "title",
  "xmp",
  "svg",
  "math",
];

/** A tag's attributes without those whose value holds markup. */
const withoutMarkupInAttributes: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !/[<>]/.test(value))),
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: true,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: false,
  transformTags: { "*": withoutMarkupInAttributes },
};

/** The same parser and serialiser taking nothing away: what an untouched piece serialises as. */
const EVERYTHING: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowedSchemesAppliedToAttributes: [],
  allowVulnerableTags: true,
  nonTextTags: [],
  parseStyleAttributes: false,
};

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** One opening tag, in CommonMark's grammar of an open tag (no `/>`). */
const OPENING_TAG =
  /^<([A-Za-z][A-Za-z0-9-]*)(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*>$/;
const CLOSING_TAG = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>$/;
/** A comment a browser reads as the markdown parser does: not `<!-->`, no `--` inside. */
const PLAIN_COMMENT = /^<!--(?!-?>)(?:(?!--)[\s\S])*-->$/;

const allowedTag = (name: string): boolean => ALLOWED_TAGS.includes(name.toLowerCase());

/**
 * The opening tags of `html` with their attributes as parsed. Compared besides the serialised
 * forms, since the serialiser itself drops some attributes (a `srcset` of unsafe addresses).
 */
function openingTags(html: string): string {
  const tags: [string, sanitizeHtml.Attributes][] = [];
  sanitizeHtml(html, { ...EVERYTHING, onOpenTag: (name, attribs) => tags.push([name, { ...attribs }]) });
  return JSON.stringify(tags);
}

/** `html` with what the allow-list refuses taken out, kept as written when nothing is refused. */
function cleanFragment(html: string): string {
  const cleaned = sanitizeHtml(html, ALLOWED);
  const untouched = cleaned === sanitizeHtml(html, EVERYTHING) && openingTags(cleaned) === openingTags(html);
  return untouched ? html : cleaned;
}

/**
 * The cleaned form of one piece of raw HTML as the markdown parser gives it. A lone opening tag
 * (`<b>`, whose closing tag is another piece) stays a lone opening tag; a lone closing tag stays
 * when its element is allowed. Comments stay when plain; declarations, processing instructions
 * and CDATA go.
 */
export function cleanHtmlPiece(html: string): string {
  const trimmed = html.trim();
  if (trimmed.startsWith("<!--")) return PLAIN_COMMENT.test(trimmed) ? html : "";
  if (trimmed.startsWith("<!") || trimmed.startsWith("<?")) return "";
  const closing = CLOSING_TAG.exec(trimmed);
  if (closing) return allowedTag(closing[1] ?? "") ? html : "";
  const opening = OPENING_TAG.exec(trimmed);
  const name = opening?.[1]?.toLowerCase();
  if (name === undefined || VOID_ELEMENTS.has(name)) return cleanFragment(html);
  const closeTag = `</${name}>`;
  const cleaned = cleanFragment(`${trimmed}${closeTag}`);
  if (cleaned === `${trimmed}${closeTag}`) return html;
  return cleaned.endsWith(closeTag) ? cleaned.slice(0, -closeTag.length) : cleaned;
}

/**
 * The scheme of an address as a browser reads it (ASCII whitespace and control characters are
 * ignored there, and case does not count), or null for an address without one.
 */
export function schemeOf(url: string): string | null {
  const compact = url.replace(/[\p{Cc} ]/gu, "").toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1] ?? null;
}

export function isSafeAddress(url: string, schemes: readonly string[]): boolean {
  const scheme = schemeOf(url);
  return scheme === null || schemes.includes(scheme);
}
