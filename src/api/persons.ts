/**
 * The people of the canon for researchers (contract/persons.ts): the person search, a person's
 * page, the teacher–student graph around a person, and the catalogue authors with a person page.
 */
import type { Paged } from "../../contract/envelope.ts";
import type { AuthorLinks, PersonDetail, PersonGraph, PersonHit } from "../../contract/persons.ts";
import type { ApiClient } from "./client.ts";

/** `query` is the screen's query: filters with empty values removed, order, page and size. */
export function fetchPersons(
  api: ApiClient,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<Paged<PersonHit>> {
  return api.getResult<Paged<PersonHit>>(api.http.get("persons", { searchParams: query, signal }));
}

/** A person that does not exist (or an id that cannot be one) is shown by the page itself. */
export function fetchPerson(api: ApiClient, personId: string, signal?: AbortSignal): Promise<PersonDetail> {
  return api.getResult<PersonDetail>(api.http.get(`person/${encodeURIComponent(personId)}`, { signal }), {
    quietStatuses: [400, 404],
  });
}

export function fetchPersonGraph(
  api: ApiClient,
  personId: string,
  depth: number,
  signal?: AbortSignal,
): Promise<PersonGraph> {
  return api.getResult<PersonGraph>(
    api.http.get(`person/${encodeURIComponent(personId)}/graph`, { searchParams: { depth }, signal }),
  );
}

export function fetchAuthorLinks(api: ApiClient, signal?: AbortSignal): Promise<AuthorLinks> {
  return api.getResult<AuthorLinks>(api.http.get("persons/author_links", { signal }));
}
