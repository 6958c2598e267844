/** The application form's rules (spec section 5): four required texts of at most 50/100/500/500. */
import { describe, expect, it } from "vitest";
import { applyErrors as e } from "../../src/features/apply/messages.ts";
import {
  type ApplyValues,
  checkApplication,
  checkApplyField,
  counted,
  EMPTY_APPLICATION,
  formOf,
  isUnedited,
  valuesOf,
} from "../../src/features/apply/validation.ts";

const FILLED: ApplyValues = {
  realName: "玄奘",
  company: "大慈恩寺",
  intro: "译经僧。\n通梵汉。",
  purpose: "校勘《大般若经》",
};

describe("the application form's rules", () => {
  it.each([
    ["realName", 50, e.realNameRequired, e.realNameTooLong],
    ["company", 100, e.companyRequired, e.companyTooLong],
    ["intro", 500, e.introRequired, e.introTooLong],
    ["purpose", 500, e.purposeRequired, e.purposeTooLong],
  ] as const)("%s is required and holds at most %i characters", (field, max, required, tooLong) => {
    expect(checkApplyField(field, "")).toEqual(required);
    expect(checkApplyField(field, " \t ")).toEqual(required);
    expect(checkApplyField(field, "字".repeat(max))).toBeNull();
    expect(checkApplyField(field, ` ${"字".repeat(max)} `)).toBeNull();
    // One code point each, though two UTF-16 units: the server counts the same way.
    expect(checkApplyField(field, "𠀀".repeat(max))).toBeNull();
    expect(checkApplyField(field, "字".repeat(max + 1))).toEqual(tooLong);
  });

  it("keeps names on one line and refuses control and bidirectional formatting characters", () => {
    expect(checkApplyField("realName", "玄\n奘")).toEqual(e.singleLineChars);
    expect(checkApplyField("company", "寺\u202E")).toEqual(e.singleLineChars);
    expect(checkApplyField("intro", "第一行\n第二行")).toBeNull();
    expect(checkApplyField("purpose", "用\u0007")).toEqual(e.multiLineChars);
    expect(checkApplyField("intro", "介\u2066")).toEqual(e.multiLineChars);
  });

  it("checks every field at once", () => {
    expect(checkApplication(FILLED)).toEqual({ realName: null, company: null, intro: null, purpose: null });
    expect(checkApplication(EMPTY_APPLICATION)).toEqual({
      realName: e.realNameRequired,
      company: e.companyRequired,
      intro: e.introRequired,
      purpose: e.purposeRequired,
    });
  });

  it("counts the trimmed text in code points", () => {
    expect(counted("  玄奘  ")).toBe(2);
    expect(counted("𠀀a")).toBe(2);
  });

  it("sends the trimmed texts under the server's names", () => {
    expect(formOf({ ...FILLED, realName: "  玄奘 " })).toEqual({
      real_name: "玄奘",
      company: "大慈恩寺",
      intro: "译经僧。\n通梵汉。",
      purpose: "校勘《大般若经》",
    });
  });

  it("tells an unedited prefilled form (spaces aside) from an edited or empty one", () => {
    expect(isUnedited(FILLED, FILLED)).toBe(true);
    expect(isUnedited({ ...FILLED, company: " 大慈恩寺 " }, FILLED)).toBe(true);
    expect(isUnedited({ ...FILLED, intro: "补充了材料" }, FILLED)).toBe(false);
    expect(isUnedited(FILLED, null)).toBe(false);
  });

  it("prefills from the last application", () => {
    expect(
      valuesOf({
        latest_status: "rejected",
        real_name: "玄奘",
        company: "大慈恩寺",
        intro: "译经僧。\n通梵汉。",
        purpose: "校勘《大般若经》",
        created_at: 1,
        updated_at: 2,
        apply_logs: [],
      }),
    ).toEqual(FILLED);
  });
});
