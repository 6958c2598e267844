/**
 * A byline ("梁 慧皎撰") with the names of the authors who have a person page turned into links to
 * it, for researchers (spec section 6: author names link to people). An author with a page whose
 * name the byline does not write is linked after it; without links the byline stays plain text.
 */
import { Fragment, type ReactNode } from "react";
import type { NamedItem } from "../../../contract/canon.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import type { AuthorLinkMap } from "./useAuthorLinks.ts";

type Linked = { name: string; personId: string };

/** Splits `byline` at the first place each linked author's name is written. */
export function bylineParts(byline: string, linked: readonly Linked[]): (string | Linked)[] {
  const found = linked
    .map((author) => ({ author, at: author.name === "" ? -1 : byline.indexOf(author.name) }))
    .sort((a, b) => a.at - b.at);
  const parts: (string | Linked)[] = [];
  let cursor = 0;
  for (const { author, at } of found) {
    if (at < cursor) continue;
    if (at > cursor) parts.push(byline.slice(cursor, at));
    parts.push(author);
    cursor = at + author.name.length;
  }
  if (cursor < byline.length) parts.push(byline.slice(cursor));
  for (const { author, at } of found) if (at < 0) parts.push(" ", author);
  return parts;
}

/** Author names are "traditional|simplified"; the byline writes the traditional form. */
function linkedAuthors(authors: readonly NamedItem[], links: AuthorLinkMap, byline: string): Linked[] {
  return authors.flatMap((author) => {
    const personId = links.get(author.id);
    if (!personId) return [];
    const [trad = "", sim = ""] = author.name.split("|");
    const name = byline.includes(trad) || !byline.includes(sim) ? trad : sim;
    return [{ name, personId }];
  });
}

export function AuthorLinks(props: {
  byline: string;
  authors: readonly NamedItem[] | undefined;
  links: AuthorLinkMap | null;
}): ReactNode {
  const { byline, authors, links } = props;
  if (!links || !authors || authors.length === 0) return byline;
  const linked = linkedAuthors(authors, links, byline);
  if (linked.length === 0) return byline;
  let offset = 0;
  return bylineParts(byline, linked).map((part) => {
    const at = offset;
    offset += typeof part === "string" ? part.length : part.name.length;
    if (typeof part === "string") return <Fragment key={`text-${at}`}>{part}</Fragment>;
    return (
      <RouterLink
        key={`person-${at}`}
        to="/person/$personId"
        params={{ personId: part.personId }}
        data-author-person={part.personId}
      >
        {part.name}
      </RouterLink>
    );
  });
}
