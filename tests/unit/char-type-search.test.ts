/**
 * The character type screen's query in the address (defaults and empty values left out, bad
 * values dropped), its link to the char image screen, and the one-second guard: which address
 * changes load the rows again after a search.
 */
import { describe, expect, it } from "vitest";
import {
  charImageHref,
  charTypeApiQuery,
  validateCharTypeSearch,
} from "../../src/features/char-type/charTypeSearch.ts";
import {
  addressIssue,
  issueKey,
  printQuery,
  reloadsOnAddress,
  SEARCH_GUARD_MS,
  searchIssue,
} from "../../src/features/char-type/searchGuard.ts";

describe("the char type query in the address", () => {
  it.each([
    [{}, {}],
    [
      { ori_txt: " 卻 ", is_manual: "yes", is_deform: "no" },
      { ori_txt: "卻", is_manual: "yes", is_deform: "no" },
    ],
    [{ is_manual: true, is_deform: "false" }, {}],
    [{ sort_by: "-frequency", page_no: 1, page_size: 10 }, {}],
    [
      { sort_by: "ori_txt", page_no: 3, page_size: 50 },
      { sort_by: "ori_txt", page_no: 3, page_size: 50 },
    ],
    [{ sort_by: "uni_txt", page_size: 15, page_no: 0 }, {}],
    [{ sim_txt: 1, std_txt: "" }, { sim_txt: "1" }],
  ])("reads %j as %j", (raw, printed) => {
    expect(validateCharTypeSearch(raw)).toEqual(printed);
  });

  it("sends the flags to the server as true and false", () => {
    expect(charTypeApiQuery({ page_no: 1, is_manual: "yes", is_deform: "no", ori_txt: "卻" })).toEqual({
      page_no: 1,
      is_manual: "true",
      is_deform: "false",
      ori_txt: "卻",
    });
    expect(charTypeApiQuery({ page_no: 2 })).toEqual({ page_no: 2 });
  });

  it("links a character to the char image screen by its original text", () => {
    expect(charImageHref("JS", "\u{F520B}")).toBe(`/JS/char-image?ot=${encodeURIComponent("\u{F520B}")}`);
    expect(new URL(charImageHref("TS", "卻"), "http://x").searchParams.get("ot")).toBe("卻");
  });
});

describe("the one-second guard", () => {
  const shown = { page_no: 1, page_size: 10, sort_by: "-frequency" };
  const searched = { ...shown, is_manual: "yes" };

  it("loads nothing more when the address takes a search's query within a second", () => {
    const issued = searchIssue(searched, 1, 10_000);
    expect(reloadsOnAddress(issued, printQuery(searched), 10_000 + SEARCH_GUARD_MS - 1)).toBe(false);
    expect(reloadsOnAddress(issued, printQuery(searched), 10_000 + SEARCH_GUARD_MS)).toBe(true);
  });

  it("loads any other query the address names, at once", () => {
    const issued = searchIssue(searched, 1, 10_000);
    expect(reloadsOnAddress(issued, printQuery({ ...searched, page_no: 2 }), 10_001)).toBe(true);
    expect(reloadsOnAddress(issued, printQuery(shown), 10_001)).toBe(true);
  });

  it("does not load again the query the address itself just loaded", () => {
    expect(reloadsOnAddress(addressIssue(shown, 0), printQuery(shown), 99_999)).toBe(false);
  });

  it("gives a search repeating the shown query a load of its own", () => {
    expect(issueKey(searchIssue(shown, 2, 0))).not.toBe(issueKey(addressIssue(shown, 1)));
  });
});
