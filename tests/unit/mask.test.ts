import { describe, expect, it } from "vitest";
import { maskEmail, maskedContact, maskPhone } from "../../src/ui/mask.ts";

describe("masked contacts", () => {
  it("keeps the first three and last four digits of a phone", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
  });
  it("keeps the first two letters and the domain of an e-mail", () => {
    expect(maskEmail("reader@example.org")).toBe("re***@example.org");
    expect(maskEmail("ab@x.cn")).toBe("a***@x.cn");
  });
  it("prefers the phone, then the e-mail, else nothing", () => {
    expect(maskedContact({ phone: "13812345678", email: "a@b.cn" })).toBe("138****5678");
    expect(maskedContact({ phone: null, email: "reader@example.org" })).toBe("re***@example.org");
    expect(maskedContact({ phone: null, email: null })).toBeNull();
  });
});
