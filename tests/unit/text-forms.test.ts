import { describe, expect, it } from "vitest";
import { countChars, createTextFormConverter } from "../../contract/text-forms.ts";

const pua = (n: number) => String.fromCodePoint(0xf0000 + n);

describe("text forms", () => {
  const converter = createTextFormConverter(
    new Map([
      [0xf0000 + 1, { uni: null, norm: "款" }],
      [0xf0000 + 9, { uni: null, norm: null }],
    ]),
  );

  it("derives the four forms of a line", () => {
    const forms = converter.forms("觀自在菩薩行深般若波羅蜜多時，照見五");
    expect(forms.ori_txt).toBe("觀自在菩薩行深般若波羅蜜多時，照見五");
    expect(forms.uni_txt).toBe(forms.ori_txt);
    expect(forms.sim_txt).toBe("观自在菩萨行深般若波罗蜜多时，照见五");
  });

  it("resolves private-use chars to their normalised form and keeps the unknown ones", () => {
    const forms = converter.forms(`甲${pua(1)}乙${pua(9)}`);
    expect(forms.uni_txt).toBe(`甲款乙${pua(9)}`);
    expect([...forms.sim_txt]).toHaveLength(4);
  });

  it("keeps every form as long as the original, in code points", () => {
    const lines = ["於是舍利弗白佛言：世尊！", "爲裏著麼", `𤦲${pua(1)}𮡘`];
    for (const line of lines) {
      const forms = converter.forms(line);
      for (const text of Object.values(forms)) expect([...text]).toHaveLength([...line].length);
    }
  });

  it("counts characters without punctuation and spaces", () => {
    expect(countChars("度一切苦厄。「舍利子！")).toBe(8);
    expect(countChars("　（終）")).toBe(1);
  });
});
