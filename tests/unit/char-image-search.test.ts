/**
 * The character image screen's address (spec sections 2 and 9): its filters, order, tab, mode and
 * grouping form, the list's and the groups' pagers, what a group opens, and the one-character rule
 * of the text filters; and the request schemas the server reads the same query with.
 */
import { describe, expect, it } from "vitest";
import { charGroupQuery, charListQuery } from "../../contract/charImage.ts";
import {
  filterOfForm,
  isOneChar,
  validateCharImageSearch as validate,
} from "../../src/features/char-image/charImageSearch.ts";

describe("the character image screen's address", () => {
  it("is empty for the defaults: the list as a table by page, 10 a page, groups by original form, 100 a page", () => {
    expect(validate({})).toEqual({});
    expect(
      validate({
        tab: "list",
        mode: "table",
        txt_type: "ori_txt",
        sort_by: "page_uid",
        page_no: 1,
        page_size: 10,
        page_no_group: 1,
        page_size_group: 100,
      }),
    ).toEqual({});
  });

  it("keeps the spec's query and drops values it does not allow", () => {
    const allowed = {
      ot: "華",
      mt: "华",
      page_uid: "GL_79_4_7",
      char_sn: "3.11",
      sutra_uid: "GL0079",
      sort_by: "-cc",
      tab: "group",
      mode: "card",
      txt_type: "sim_txt",
      page_no: 3,
      page_size: 50,
      page_no_group: 2,
      page_size_group: 20,
    };
    expect(validate({ ...allowed, ot: " 華 " })).toEqual(allowed);
    expect(validate({ sort_by: "ut", tab: "tiles", mode: "grid", txt_type: "big5", page_size: 15 })).toEqual(
      {},
    );
  });

  it("opens a group in the list with the filter of the form it counts by", () => {
    expect(filterOfForm("ori_txt")).toBe("ot");
    expect(filterOfForm("uni_txt")).toBe("ut");
    expect(filterOfForm("std_txt")).toBe("st");
    expect(filterOfForm("sim_txt")).toBe("mt");
  });

  it("takes one character in a text filter, a supplementary-plane one too", () => {
    for (const [text, one] of [
      ["", true],
      ["華", true],
      [" 華 ", true],
      ["𠀀", true],
      ["\u{F1F52}", true],
      ["華嚴", false],
      ["ab", false],
    ] as const)
      expect(isOneChar(text), text).toBe(one);
  });
});

describe("the character image requests", () => {
  it("read the screen's query with its defaults", () => {
    expect(charListQuery.parse({})).toEqual({ sort_by: "page_uid", page_no: 1, page_size: 10 });
    expect(charGroupQuery.parse({ ot: "", mt: "华" })).toEqual({
      mt: "华",
      sort_by: "-count",
      txt_type: "ori_txt",
      page_no: 1,
      page_size: 100,
    });
  });

  it("refuse more than one character, a page size off the list, and malformed uids", () => {
    for (const query of [
      { ot: "華嚴" },
      { ut: "\u0000" },
      { page_size: "30" },
      { char_sn: "0.1" },
      { page_uid: "GL 79" },
      { sutra_uid: "GL_0079" },
      { sort_by: "mt" },
    ])
      expect(charListQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    expect(charListQuery.safeParse({ ot: "𠀀", page_size: "100", char_sn: "12.3" }).success).toBe(true);
  });
});
