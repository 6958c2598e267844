/**
 * An article's markdown as the HTML a screen shows (spec sections 2, 3): CommonMark with GitHub's
 * tables, strikethrough, task lists, footnotes and autolinks; the HTML the article may carry is
 * kept, then the whole result is cleaned by DOMPurify (no script, no event handlers, no
 * `javascript:` addresses) before it reaches the page. Headings h1–h3 get ids (GitHub's slugs) for
 * the table of contents and hash anchors; links to other sites open in a new tab.
 *
 * GFM's tag filter is left out on purpose: it would show `<script>` and the like as visible text,
 * whereas DOMPurify removes them with their content.
 */
import DOMPurify from "dompurify";
import GithubSlugger from "github-slugger";
import { micromark } from "micromark";
import { gfm } from "micromark-extension-gfm";
import { gfmAutolinkLiteralHtml } from "micromark-extension-gfm-autolink-literal";
import { gfmFootnoteHtml } from "micromark-extension-gfm-footnote";
import { gfmStrikethroughHtml } from "micromark-extension-gfm-strikethrough";
import { gfmTableHtml } from "micromark-extension-gfm-table";
import { gfmTaskListItemHtml } from "micromark-extension-gfm-task-list-item";

export type ArticleHeading = { id: string; text: string; level: 1 | 2 | 3 };
export type RenderedArticle = { html: string; headings: ArticleHeading[] };

const FORBIDDEN_TAGS = ["style", "form", "button", "textarea", "select", "iframe", "object", "embed"];
const HEADING_LEVELS = { H1: 1, H2: 2, H3: 3 } as const;
/** The prefix of the ids footnotes link to; any other id the article's HTML carries is dropped. */
const FOOTNOTE_ID_PREFIX = "user-content-";
const FOOTNOTE_LABEL_ID = "footnote-label";
const EXTERNAL_ADDRESS = /^(?:https?:)?\/\//i;

const isHeadingTag = (tag: string): tag is keyof typeof HEADING_LEVELS => tag in HEADING_LEVELS;

export function renderArticle(markdown: string): RenderedArticle {
  const raw = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [
      gfmAutolinkLiteralHtml(),
      gfmFootnoteHtml({ clobberPrefix: FOOTNOTE_ID_PREFIX }),
      gfmStrikethroughHtml(),
      gfmTableHtml(),
      gfmTaskListItemHtml(),
    ],
  });
  // The fragment belongs to DOMPurify's inert document: its images do not load while it is edited here.
  const body = DOMPurify.sanitize(raw, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: ["style"],
  });
  keepOnlyFootnoteIds(body);
  keepOnlyTaskCheckboxes(body);
  const headings = nameHeadings(body);
  for (const link of Array.from(body.querySelectorAll("a[href]"))) {
    if (!EXTERNAL_ADDRESS.test(link.getAttribute("href") ?? "")) continue;
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer");
  }
  const holder = body.ownerDocument.createElement("div");
  holder.append(body);
  return { html: holder.innerHTML, headings };
}

/**
 * Ids written in the article could clash with the page's own; footnotes keep theirs. The footnotes'
 * English label heading would show as a heading of the text, so it goes too.
 */
function keepOnlyFootnoteIds(body: ParentNode): void {
  body.querySelector(`section[data-footnotes] > [id="${FOOTNOTE_LABEL_ID}"]`)?.remove();
  for (const element of Array.from(body.querySelectorAll("[id]"))) {
    if (!element.id.startsWith(FOOTNOTE_ID_PREFIX)) element.removeAttribute("id");
  }
  for (const reference of Array.from(body.querySelectorAll(`[aria-describedby="${FOOTNOTE_LABEL_ID}"]`))) {
    reference.removeAttribute("aria-describedby");
  }
}

/** A task list's boxes show its state; no other input belongs in an article. */
function keepOnlyTaskCheckboxes(body: ParentNode): void {
  for (const input of Array.from(body.querySelectorAll("input"))) {
    if (input.getAttribute("type") === "checkbox") input.setAttribute("disabled", "");
    else input.remove();
  }
}

function nameHeadings(body: ParentNode): ArticleHeading[] {
  const slugger = new GithubSlugger();
  const headings: ArticleHeading[] = [];
  for (const element of Array.from(body.querySelectorAll("h1, h2, h3"))) {
    const tag = element.tagName.toUpperCase();
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
    if (text === "" || !isHeadingTag(tag)) continue;
    const id = slugger.slug(text);
    element.id = id;
    headings.push({ id, text, level: HEADING_LEVELS[tag] });
  }
  return headings;
}
