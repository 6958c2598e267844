/** The colophon screen's query in the address: its fields, order and page size (spec sections 2, 9). */
import { describe, expect, it } from "vitest";
import {
  COLOPHON_LIST,
  FIRST_FIELDS,
  MORE_FIELDS,
  validateColophonSearch,
} from "../../src/features/colophon/colophonSearch.ts";
import { listRequestQuery, readListSearch } from "../../src/features/list-screen/listSearch.ts";

describe("the colophon screen's query", () => {
  it("keeps the search fields, the order and a page size other than 10, trimmed", () => {
    expect(
      validateColophonSearch({
        pub_era: " 康熙 ",
        engraver: "倪爾繩",
        sort_by: "-pub_year",
        page_size: "20",
      }),
    ).toEqual({ pub_era: "康熙", engraver: "倪爾繩", sort_by: "-pub_year", page_size: 20 });
  });

  it("drops an unknown order or field, the default page size and page 1", () => {
    expect(
      validateColophonSearch({ sort_by: "donor", page_size: "10", page_no: "1", keyword: "x", donor: "" }),
    ).toEqual({});
    expect(validateColophonSearch({ page_size: "15" })).toEqual({});
  });

  it("asks the server for every filled field, the page and its size", () => {
    const search = readListSearch(COLOPHON_LIST, {
      donor: "錢謙益",
      remark: "",
      sort_by: "donate_amount",
      page_no: 2,
    });
    expect(listRequestQuery(search)).toEqual({
      donor: "錢謙益",
      sort_by: "donate_amount",
      page_no: 2,
      page_size: 10,
    });
  });

  it("shows five fields first and the rest behind more", () => {
    expect(FIRST_FIELDS).toEqual(["pub_note", "reel_name", "page_uid", "pub_era", "pub_address"]);
    expect(MORE_FIELDS).toEqual([
      "fundraiser",
      "donor",
      "writer",
      "editor",
      "engraver",
      "director",
      "remark",
    ]);
  });
});
