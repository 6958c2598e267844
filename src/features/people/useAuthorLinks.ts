/**
 * Which catalogue authors have a person page, for a researcher: author id → person id, fetched
 * once per screen that shows authors (the reel header, the catalogue list). Others get null and
 * see the authors as plain text; so does a researcher while offline.
 */
import { useSyncExternalStore } from "react";
import { fetchAuthorLinks } from "../../api/persons.ts";
import { useServices } from "../../app/shell/services.ts";
import { useLoad } from "../../ui/useLoad.ts";

export type AuthorLinkMap = ReadonlyMap<number, string>;

export function useIsResearcher(): boolean {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, () => {
    const state = auth.state();
    return state.signedIn && state.roles.includes("researcher");
  });
}

export function useAuthorLinks(): AuthorLinkMap | null {
  const { api } = useServices();
  const researcher = useIsResearcher();
  const load = useLoad(`author-links|${researcher}`, async (signal): Promise<AuthorLinkMap | null> => {
    if (!researcher) return null;
    const links = await fetchAuthorLinks(api, signal);
    return new Map(links.list.map((link) => [link.author_id, link.person_id]));
  });
  return researcher ? (load.data ?? null) : null;
}
