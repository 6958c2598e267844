import { describe, expect, it } from "vitest";
import {
  chooseColumns,
  nextSort,
  parseSort,
  readColumns,
  tableMinWidth,
  writeColumns,
} from "../../src/ui/columns.ts";
import { asPageSize, pageSlots, showsTotal, slotsForWidth } from "../../src/ui/pagination.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("page slots", () => {
  it("shows every page when they fit", () => {
    expect(pageSlots(1, 1, 9)).toEqual([1]);
    expect(pageSlots(4, 9, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageSlots(1, 0, 9)).toEqual([]);
  });

  it("keeps first and last pages around a window on the current one", () => {
    expect(pageSlots(1, 20, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap-end", 20]);
    expect(pageSlots(5, 20, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap-end", 20]);
    expect(pageSlots(6, 20, 9)).toEqual([1, "gap-start", 4, 5, 6, 7, 8, "gap-end", 20]);
    expect(pageSlots(15, 20, 9)).toEqual([1, "gap-start", 13, 14, 15, 16, 17, "gap-end", 20]);
    expect(pageSlots(16, 20, 9)).toEqual([1, "gap-start", 14, 15, 16, 17, 18, 19, 20]);
    expect(pageSlots(20, 20, 9)).toEqual([1, "gap-start", 14, 15, 16, 17, 18, 19, 20]);
  });

  it("uses the slots the window width allows, and always includes the current page", () => {
    for (const slots of [3, 6, 8, 9]) {
      for (let current = 1; current <= 30; current += 1) {
        const shown = pageSlots(current, 30, slots);
        expect(shown.length).toBe(slots);
        expect(shown).toContain(current);
      }
    }
    expect(pageSlots(10, 30, 3)).toEqual([9, 10, 11]);
    expect(pageSlots(1, 30, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(30, 30, 3)).toEqual([28, 29, 30]);
    expect(pageSlots(99, 30, 6)).toEqual([1, "gap-start", 27, 28, 29, 30]);
  });

  it("maps window widths to slots and hides the total on phones", () => {
    expect([1280, 1024, 1023, 768, 767, 640, 639].map(slotsForWidth)).toEqual([9, 9, 8, 8, 6, 6, 3]);
    expect(showsTotal(640)).toBe(true);
    expect(showsTotal(639)).toBe(false);
  });

  it("accepts only the page sizes 10, 20, 50 and 100", () => {
    expect(asPageSize("50")).toBe(50);
    expect(asPageSize(30)).toBe(10);
    expect(asPageSize("x", 20)).toBe(20);
  });
});

describe("column choice", () => {
  const all = ["uid", "name", "years", "chars"];

  it("reads a stored choice in table order, ignoring unknown ids", () => {
    const storage = memoryStorage({ cols: JSON.stringify(["chars", "uid", "gone"]) });
    expect(readColumns(storage, "cols", all, ["name"])).toEqual(["uid", "chars"]);
  });

  it("falls back to the defaults when nothing usable is stored", () => {
    expect(readColumns(memoryStorage(), "cols", all, ["name", "uid"])).toEqual(["uid", "name"]);
    expect(readColumns(memoryStorage({ cols: "not json" }), "cols", all, ["name"])).toEqual(["name"]);
    expect(readColumns(memoryStorage({ cols: "[]" }), "cols", all, ["name"])).toEqual(["name"]);
    expect(readColumns(memoryStorage({ cols: '{"a":1}' }), "cols", all, ["name"])).toEqual(["name"]);
  });

  it("writes what it reads back", () => {
    const storage = memoryStorage();
    writeColumns(storage, "cols", ["years", "uid"]);
    expect(readColumns(storage, "cols", all, ["name"])).toEqual(["uid", "years"]);
  });

  it("never leaves no column", () => {
    expect(chooseColumns(all, ["chars", "name"])).toEqual(["name", "chars"]);
    expect(chooseColumns(all, [])).toBeNull();
    expect(chooseColumns(all, ["unknown"])).toBeNull();
  });
});

describe("sorting by a column", () => {
  it("parses a leading minus as descending", () => {
    expect(parseSort("-char_cnt")).toEqual({ key: "char_cnt", descending: true });
    expect(parseSort("sutra_uid")).toEqual({ key: "sutra_uid", descending: false });
  });

  it("sorts ascending first, then toggles", () => {
    expect(nextSort("sutra_uid", "char_cnt")).toBe("char_cnt");
    expect(nextSort("char_cnt", "char_cnt")).toBe("-char_cnt");
    expect(nextSort("-char_cnt", "char_cnt")).toBe("char_cnt");
    expect(nextSort("-char_cnt", "start_year")).toBe("start_year");
  });
});

describe("table width", () => {
  it("keeps the set widths and room for every other column, so a narrow screen scrolls it", () => {
    const columns = [{ width: "100px" }, {}, { width: "110px" }, {}, { width: "80px" }];
    expect(tableMinWidth(columns, false)).toBe(100 + 140 + 110 + 140 + 80);
    expect(tableMinWidth(columns, true)).toBe(44 + 570);
    expect(tableMinWidth([{ width: "20%" }], false)).toBe(140);
  });
});
