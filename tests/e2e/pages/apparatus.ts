/** The reel reader's collation apparatus as a test drives it: marks, the note popover, "read as", the settings. */
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { inject } from "vitest";

/** The Diamond Sūtra's line with place 0748028: 應云何 in the base text, 云何應 in the Ming edition. */
export const DIAMOND = { reel: "TS0235_1", sutra: "TS0235", line: "TS_8_748c.28", n: "0748028" } as const;

export type ApparatusEntryBody = { id: number; n: string; line: string; readings: { witnesses: string[] }[] };

export async function apparatusOf(reelUid: string, txtType: string): Promise<ApparatusEntryBody[]> {
  const response = await fetch(`${inject("e2eBaseUrl")}/v1/reel/${reelUid}/apparatus?txt_type=${txtType}`);
  return ((await response.json()) as { result: { entries: ApparatusEntryBody[] } }).result.entries;
}

const AXE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");

export class Collation {
  constructor(readonly page: Page) {}

  line(cid: string = DIAMOND.line): Locator {
    return this.page.locator(`[data-cid="${cid}"]`);
  }

  /** A place's mark, found by its accessible name (which ends with the place's number). */
  mark(n: string = DIAMOND.n): Locator {
    return this.page.getByRole("button", { name: new RegExp(`${n}$`) });
  }

  get marks(): Locator {
    return this.page.locator("[data-reel-uid] button[data-note]");
  }

  popover(n: string = DIAMOND.n): Locator {
    return this.page.locator(`[data-note-popover="${n}"]`);
  }

  get readings(): Locator {
    return this.page.locator("[data-reel-uid] [data-reading]");
  }

  get readingAsBar(): Locator {
    return this.page.locator("[data-reading-as]");
  }

  async open(reelUid: string = DIAMOND.reel): Promise<void> {
    await this.page.goto(`/scroll/${reelUid}`);
    await this.page.locator(`[data-reel-uid="${reelUid}"]`).waitFor();
  }

  /** The text just before an element inside its line: what a mark follows. */
  async textBefore(element: Locator): Promise<string> {
    return element.evaluate((node) => {
      const line = node.closest("[data-cid]");
      if (!line) return "";
      const range = document.createRange();
      range.setStart(line, 0);
      range.setEndBefore(node);
      return range.toString();
    });
  }

  /** Opens the reading settings, sets what `change` sets there, and closes them. */
  async inSettings(change: () => Promise<unknown>): Promise<void> {
    await this.page.locator("[data-reader-settings]").click();
    await this.page.locator('select[name="text_type"]').waitFor();
    await change();
    await this.page.keyboard.press("Escape");
    await this.page.locator('select[name="text_type"]').waitFor({ state: "detached" });
  }

  readAs(witness: string): Promise<void> {
    return this.inSettings(() => this.page.locator('select[name="read_as"]').selectOption(witness));
  }

  showMarks(on: boolean): Promise<void> {
    return this.inSettings(() => this.page.locator('input[name="notes_show"]').setChecked(on));
  }

  /** Selects characters [from, to) of a line's text as shown, across its marks and readings. */
  async select(cid: string, from: number, to: number): Promise<void> {
    await this.line(cid).evaluate(
      (element, [start, end]) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let at = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          if (start >= at && start <= at + length) range.setStart(node, start - at);
          if (end >= at && end <= at + length) {
            range.setEnd(node, end - at);
            break;
          }
          at += length;
        }
        const selection = document.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
      },
      [from, to] as const,
    );
  }

  /** Axe's WCAG 2 A/AA and best-practice violations on the page as it is. */
  async violations(): Promise<string[]> {
    await this.page.evaluate(AXE);
    return this.page.evaluate(async () => {
      type AxeResult = { violations: { id: string; nodes: { target: string[]; html: string }[] }[] };
      const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResult> } }).axe;
      const result = await axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "best-practice"] },
      });
      return result.violations.flatMap((violation) =>
        violation.nodes
          // Fluent's focus bumpers are hidden and focusable by design (see accessibility.e2e.test.ts).
          .filter(
            (node) => !(violation.id === "aria-hidden-focus" && node.html.includes("data-tabster-dummy")),
          )
          .map((node) => `${violation.id}: ${node.target.join(" ")}`),
      );
    });
  }
}
