/** The search page as a test drives it: the form, the filter panel, the results and the preview. */
import type { Page } from "playwright-core";
import { inject } from "vitest";

export type SearchItemBody = {
  reel_uid: string;
  sutra_uid: string;
  categories: { id: number }[];
  txts: { cid: string; text: string }[];
};
export type SearchBody = {
  list: SearchItemBody[];
  total: number;
  stats: {
    filter_stats: Record<"categories" | "dynasties" | "authors", { id: number | string; name: string }[]>;
  };
};
export type SutraRow = { uid: string; dynasties: { id: number }[]; categories: { id: number }[] };

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; result: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.result;
}

/** What the API answers for a search, to compare the page with. */
export const searchByApi = (tripitakaUid: string, body: Record<string, unknown>) =>
  post<SearchBody>(`tripitaka/${tripitakaUid}/search`, body);

export const sutrasByApi = async (tripitakaUid: string) =>
  (await post<{ list: SutraRow[] }>(`tripitaka/${tripitakaUid}/sutra/list`, { page_size: 100 })).list;

export class SearchPage {
  constructor(readonly page: Page) {}

  get keywordBox() {
    return this.page.locator('[data-search-form] input[name="keyword"]');
  }

  /** The result list's cards, once all of the page's are drawn (they come in slices). */
  get results() {
    return this.page.locator('[data-results]:not([aria-busy="true"]) [data-result]');
  }

  get panel() {
    return this.page.locator("[data-filter-panel]");
  }

  group(name: "sutra_group_names" | "categories" | "dynasties" | "authors") {
    return this.panel.locator(`[data-filter-group="${name}"]`);
  }

  option(group: "categories" | "dynasties" | "authors", id: string) {
    return this.group(group).locator(`input[data-filter-option="${id}"]`);
  }

  get apply() {
    return this.panel.locator("[data-filter-apply]");
  }

  get clearAll() {
    return this.panel.locator("[data-filter-clear]");
  }

  get preview() {
    return this.page.locator("[data-preview]");
  }

  /** The reel uids of the result page, in order, once the results for `query` have loaded. */
  async resultReels(): Promise<string[]> {
    return this.results.evaluateAll((items) => items.map((item) => item.getAttribute("data-result") ?? ""));
  }

  async resultSutras(): Promise<string[]> {
    return this.results.evaluateAll((items) =>
      items.map((item) => item.getAttribute("data-result-sutra") ?? ""),
    );
  }

  /** The query of the current address, as the page wrote it. */
  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }
}
