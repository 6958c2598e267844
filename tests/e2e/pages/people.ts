/**
 * Page objects of the people screens: the person search (`/{tripitaka}/people`, the shared list
 * frame), a person's page (`/person/{id}`) with its teacher–student graph, and the reel header's
 * author links that lead there. The browser's Content Security Policy reports are kept, so a test
 * can tell that the graph library draws under the app's policy.
 */
import type { Locator, Page } from "playwright-core";

export class PeopleScreens {
  /** Console messages about the Content Security Policy, in the order they came. */
  readonly cspReports: string[] = [];

  /** The API's refusals the page met (status and path), said when a screen does not come. */
  readonly refusals: string[] = [];

  constructor(readonly page: Page) {
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) this.cspReports.push(message.text());
    });
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith("/v1/") && response.status() >= 400)
        this.refusals.push(`${response.status()} ${path}`);
    });
  }

  async openSearch(tripitaka: string): Promise<void> {
    await this.page.goto(`/${tripitaka}/people`);
    await this.page
      .locator('[data-admin-list="ready"]')
      .waitFor()
      .catch((error: unknown) => {
        const refused = this.refusals.join(", ") || "none";
        throw new Error(`the person search did not come at ${this.page.url()}; refusals: ${refused}`, {
          cause: error,
        });
      });
  }

  /** Types a name and presses Enter; the name lands in the address and the list shows its answer. */
  async searchName(name: string): Promise<void> {
    const field = this.page.locator('form[data-admin-search-form] [name="name"]');
    await field.fill(name);
    await field.press("Enter");
    await this.page.waitForURL((url) => url.searchParams.get("name") === name);
    await this.page.locator('[data-admin-list="ready"]').waitFor();
  }

  row(personId: string): Locator {
    return this.page.locator(`[data-person-row="${personId}"]`);
  }

  /** An author name the home page's catalogue links to a person's page. */
  catalogueAuthor(personId: string): Locator {
    return this.page.locator(`[data-sutra-list] [data-author-person="${personId}"]`);
  }

  /** An author name the reel header links to a person's page. */
  headerAuthor(personId: string): Locator {
    return this.page.locator(`[data-reel-header] [data-author-person="${personId}"]`);
  }

  person(personId: string): Locator {
    return this.page.locator(`[data-person="${personId}"]`);
  }

  get personName(): Locator {
    return this.page.locator("[data-person-name]");
  }

  get graph(): Locator {
    return this.page.locator("[data-person-graph]");
  }

  /** Waits until the graph of `depth` steps is drawn, and answers how many persons it holds. */
  async drawnGraph(personId: string, depth: number): Promise<number> {
    await this.page.locator(`[data-person-graph][data-graph-drawn="${personId}|${depth}"]`).waitFor();
    return Number(await this.graph.getAttribute("data-graph-nodes"));
  }

  async chooseDepth(depth: number): Promise<void> {
    await this.graph.locator(`input[type="radio"][value="${depth}"]`).check();
  }

  /** The persons of the graph as links (below the drawing). */
  async graphPeople(): Promise<Locator> {
    await this.graph.locator("details summary").click();
    return this.graph.locator("[data-graph-node]");
  }

  paragraphLink(lineId: string): Locator {
    return this.page.locator(`[data-paragraph="${lineId}"] a[data-line="${lineId}"]`);
  }
}
