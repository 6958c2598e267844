/**
 * What the reader typed into the home's search box the server drew in the page
 * (server/plugins/home-drawing.ts) before the app started, and whether the box had the focus: the
 * app's own box takes both over when it replaces the drawing, so no typing is lost.
 */
export type DrawnSearch = { value: string; focused: boolean };

export function drawnSearch(doc: Document | undefined = globalThis.document): DrawnSearch {
  const input = doc?.querySelector<HTMLInputElement>(".boot-search input[name=keyword]") ?? null;
  return { value: input?.value ?? "", focused: input !== null && doc?.activeElement === input };
}
