/** The search page's folding chips as a test drives them: on the snippets, and those switched off. */
import { SearchPage } from "./search-page.ts";

export class FoldingChips extends SearchPage {
  /** The chips of one folding on the snippets of the result page. */
  snippetChips(folding: string) {
    return this.page.locator(`[data-results] [data-snippet-foldings] [data-folding="${folding}"]`);
  }

  /** The chip switching a switched-off folding on again. */
  switchOnChip(folding: string) {
    return this.page.locator(`[data-results] [data-foldings-off] [data-folding-on="${folding}"]`);
  }

  get summary() {
    return this.page.locator("[data-results] [data-summary]");
  }

  /** The foldings named on each snippet of the page, in order. */
  async snippetFoldings(): Promise<string[]> {
    return this.page
      .locator("[data-results] [data-snippet]")
      .evaluateAll((snippets) =>
        snippets.map(
          (s) => s.querySelector("[data-snippet-foldings]")?.getAttribute("data-snippet-foldings") ?? "",
        ),
      );
  }
}
