/**
 * The images an article's markdown shows that can be kept for reading offline: those of this site's
 * storage (`/storage/…`, where article images are uploaded). The page's Content Security Policy
 * lets no other site's image show anyway.
 */

const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^\s)>]+)/g;
const HTML_IMAGE = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm;
const STORAGE_PREFIX = "/storage/";

/** The storage path an address names on `origin`, or null for anything else. */
function storagePath(address: string, origin: string): string | null {
  try {
    const url = new URL(address.trim(), `${origin}/`);
    return url.origin === origin && url.pathname.startsWith(STORAGE_PREFIX) ? url.pathname : null;
  } catch {
    return null;
  }
}

/** The storage paths of an article's cover and of the images its text shows. */
export function keptImagePaths(article: { content: string; cover_url: string }, origin: string): string[] {
  const cover = article.cover_url === "" ? null : storagePath(article.cover_url, origin);
  return [...new Set([...(cover === null ? [] : [cover]), ...articleImagePaths(article.content, origin)])];
}

/** Each storage path the markdown's images (markdown, HTML or by reference) name, once, in order. */
export function articleImagePaths(markdown: string, origin: string): string[] {
  const addresses: string[] = [];
  for (const match of markdown.matchAll(MARKDOWN_IMAGE)) addresses.push(match[1] ?? "");
  for (const match of markdown.matchAll(HTML_IMAGE)) addresses.push(match[1] ?? match[2] ?? match[3] ?? "");
  for (const match of markdown.matchAll(REFERENCE_DEFINITION)) addresses.push(match[1] ?? "");
  const paths = new Set<string>();
  for (const address of addresses) {
    const path = storagePath(address, origin);
    if (path !== null) paths.add(path);
  }
  return [...paths];
}
