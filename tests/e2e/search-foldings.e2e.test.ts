/**
 * Explainable fuzzy search in the browser: a fuzzy search on the starter canon shows on each
 * snippet the foldings its hits needed; clicking a chip switches that folding off (the address
 * keeps it, the hits change to the API's answer without it), and the chip row above the results
 * switches it back on.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FoldingChips } from "./pages/search-foldings.ts";
import { searchByApi } from "./pages/search-page.ts";
import { pagePerTest } from "./support/suite.ts";

let page: Page;
let search: FoldingChips;

/** 呪 is also written 咒 in the Taishō texts: CBETA's variant table joins them. */
const QUERY = { keyword: "呪", txt_type: "std_txt" } as const;

type Explained = { list: { reel_uid: string; txts: { foldings?: string[] }[] }[] };
const foldingsOf = (result: Explained) =>
  result.list.flatMap((item) => item.txts.map((snippet) => (snippet.foldings ?? []).join(",")));

pagePerTest({}, (opened) => {
  ({ page } = opened);
  search = new FoldingChips(page);
});

describe("fuzzy search foldings", () => {
  it("shows the foldings on the snippets, switches one off from its chip and back on", async () => {
    const all = (await searchByApi("TS", { ...QUERY, trans_mode: "uni2std" })) as unknown as Explained;
    const without = (await searchByApi("TS", {
      ...QUERY,
      trans_mode: "uni2std",
      foldings_off: ["variant"],
    })) as unknown as Explained;
    expect(foldingsOf(all)).toContain("variant");

    await page.goto(`/TS/search?keyword=${encodeURIComponent(QUERY.keyword)}&txt_type=${QUERY.txt_type}`);
    await search.results.first().waitFor();
    await expect.poll(() => search.snippetFoldings()).toEqual(foldingsOf(all));
    const chip = search.snippetChips("variant").first();
    await chip.hover();
    await expect.poll(() => page.getByRole("tooltip").textContent()).toContain("异体字");
    const before = await search.summary.textContent();

    await chip.click();
    // The router writes the list as JSON.
    await page.waitForURL((url) => url.searchParams.get("foldings_off") === JSON.stringify(["variant"]));
    await expect.poll(() => search.snippetFoldings()).toEqual(foldingsOf(without));
    expect(await search.snippetChips("variant").count()).toBe(0);
    await expect.poll(() => search.summary.textContent()).not.toBe(before);
    expect(await search.resultReels()).toEqual(without.list.map((item) => item.reel_uid));

    await search.switchOnChip("variant").click();
    await page.waitForURL((url) => !url.searchParams.has("foldings_off"));
    await expect.poll(() => search.snippetFoldings()).toEqual(foldingsOf(all));
    await expect.poll(() => search.summary.textContent()).toBe(before);
    expect(await search.switchOnChip("variant").count()).toBe(0);
  });
});
