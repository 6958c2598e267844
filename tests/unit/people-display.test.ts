/**
 * The people screens' pure parts: a byline with linked author names, the search's address, and
 * the application's return to the people screens only once the reader is a researcher.
 */
import { describe, expect, it } from "vitest";
import { afterSubmitTarget } from "../../src/features/apply/applyFlow.ts";
import { bylineParts } from "../../src/features/people/AuthorLinks.tsx";
import { isoDay } from "../../src/features/people/personDisplay.ts";
import { validatePersonSearch } from "../../src/features/people/personSearch.ts";

describe("a byline with person links", () => {
  it("links each author where the byline writes the name", () => {
    const huijiao = { name: "慧皎", personId: "A001724" };
    expect(bylineParts("梁 慧皎撰", [huijiao])).toEqual(["梁 ", huijiao, "撰"]);
    const dayue = { name: "大悅", personId: "A016585" };
    const xueyu = { name: "學愚", personId: "A037627" };
    expect(bylineParts("清 大悅說　學愚錄　有塔銘", [xueyu, dayue])).toEqual([
      "清 ",
      dayue,
      "說　",
      xueyu,
      "錄　有塔銘",
    ]);
  });

  it("puts an author the byline does not name after it", () => {
    const other = { name: "鳩摩羅什", personId: "A001583" };
    expect(bylineParts("姚秦 三藏譯", [other])).toEqual(["姚秦 三藏譯", " ", other]);
  });
});

describe("the person search's address", () => {
  it("keeps its filters and a known order, and leaves defaults out", () => {
    expect(
      validatePersonSearch({ name: " 道安 ", dynasty: "東晉", source: "biography", sort_by: "-birth_year" }),
    ).toEqual({
      name: "道安",
      dynasty: "東晉",
      source: "biography",
      sort_by: "-birth_year",
    });
    expect(validatePersonSearch({ sort_by: "age", source: "all", page_size: 10, page_no: 1 })).toEqual({});
    expect(validatePersonSearch({ sort_by: "student_count", page_no: 3, page_size: 50 })).toEqual({
      sort_by: "student_count",
      page_no: 3,
      page_size: 50,
    });
  });
});

describe("the people screens and the application", () => {
  it("returns to the people screens after applying only for a researcher", () => {
    expect(afterSubmitTarget("/JS/people", ["reader"])).toBe("/apply-result");
    expect(afterSubmitTarget("/person/A001583", ["reader"])).toBe("/apply-result");
    expect(afterSubmitTarget("/JS/people", ["reader", "researcher"])).toBe("/JS/people");
    expect(afterSubmitTarget("/JS/search", ["reader"])).toBe("/JS/search");
  });
});

describe("a biography's ISO date", () => {
  it("is written without the sign and the year's leading zeros", () => {
    expect(isoDay("+0410-02-21")).toBe("410-02-21");
    expect(isoDay("-0100-01-01")).toBe("-100-01-01");
  });
});
