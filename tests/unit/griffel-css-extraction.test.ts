/**
 * The build's extraction of component styles (scripts/griffel-css-extraction.ts): a module's
 * build-time style calls lose their rules to the stylesheet and keep their class names, and the
 * stylesheet keeps Griffel's order of sheets, where a later rule wins a tie.
 */
import { describe, expect, it } from "vitest";
import {
  extractModuleRules,
  griffelStylesheet,
  stylesheetParts,
} from "../../scripts/griffel-css-extraction.ts";

/** A module as Fluent ships its styles (and as the app's are built): resolved calls with their rules. */
const FLUENT_STYLES_MODULE = `
import { __styles, __resetStyles as resetStyles, mergeClasses } from "@griffel/react";
export const useRootClassName = /*#__PURE__*/resetStyles("r1abc", null, [".r1abc{display:flex;}", ".r1abc:hover{color:red;}"]);
const useStyles = /*#__PURE__*/__styles({
  root: { sj55zd: "f1red", Bi91k9c: "f1hover" },
  wide: { a9b677: "f1wide" },
}, {
  d: [".f1red{color:red;}", [".f1pad{padding:0;}", { p: -1 }]],
  h: [".f1hover:hover{color:blue;}"],
  m: [["@media (min-width: 720px){.f1wide{width:50%;}}", { m: "(min-width: 720px)" }]],
});
export const useClasses = () => mergeClasses(useStyles().root, "x");
`;

describe("extracting a module's style rules", () => {
  it("moves the rules out and leaves calls that only name classes", () => {
    const extracted = extractModuleRules(FLUENT_STYLES_MODULE, "/x/useThingStyles.styles.js");
    if (!extracted) throw new Error("nothing extracted");
    const code = extracted.code.toString();

    expect(code).not.toMatch(/__styles\(|resetStyles\(/);
    expect(code).not.toContain("{color:red;}");
    expect(code).toContain(
      '__css_extracted__griffel_react({\n  root: { sj55zd: "f1red", Bi91k9c: "f1hover" }',
    );
    expect(code).toContain('__resetCSS_extracted__griffel_react("r1abc", null)');
    expect(code).toMatch(
      /^import \{ __resetCSS as __resetCSS_extracted__griffel_react, __css as __css_extracted__griffel_react \} from "@griffel\/react";/,
    );
    expect(extracted.rules).toEqual([
      { css: ".r1abc{display:flex;}", bucket: "r", condition: "", priority: 0 },
      { css: ".r1abc:hover{color:red;}", bucket: "r", condition: "", priority: 0 },
      { css: ".f1red{color:red;}", bucket: "d", condition: "", priority: 0 },
      { css: ".f1pad{padding:0;}", bucket: "d", condition: "", priority: -1 },
      { css: ".f1hover:hover{color:blue;}", bucket: "h", condition: "", priority: 0 },
      {
        css: "@media (min-width: 720px){.f1wide{width:50%;}}",
        bucket: "m",
        condition: "(min-width: 720px)",
        priority: 0,
      },
    ]);
  });

  it("imports the replacement from the module the call came from, and drops its renderer factory", () => {
    const code = `import { __styles } from "@griffel/core";\nconst useStyles = __styles({ root: { a: "f1" } }, { d: [".f1{top:0;}"] }, factory);`;
    const extracted = extractModuleRules(code, "/x/provider.styles.js");
    expect(extracted?.code.toString()).toBe(
      `import { __css as __css_extracted__griffel_core } from "@griffel/core";\nimport { __styles } from "@griffel/core";\nconst useStyles = __css_extracted__griffel_core({ root: { a: "f1" } });`,
    );
  });

  it("leaves a call whose rules are not written out, and a module with no such call", () => {
    const computed = `import { __styles } from "@griffel/react";\nconst useStyles = __styles({ root: { a: "f1" } }, { d: rules });`;
    expect(extractModuleRules(computed, "/x/a.js")).toBeNull();
    const unrelated = `import { __styles } from "./local.js";\nconst useStyles = __styles({}, { d: [".f1{top:0;}"] });`;
    expect(extractModuleRules(unrelated, "/x/b.js")).toBeNull();
  });
});

describe("the stylesheet of a build", () => {
  it("orders rules as Griffel orders its sheets, each rule once", () => {
    const rule = (css: string, bucket: string, condition = "", priority = 0) => ({
      css,
      bucket,
      condition,
      priority,
    });
    const css = griffelStylesheet([
      rule("@media (min-width: 1000px){.fb{top:2px;}}", "m", "(min-width: 1000px)"),
      rule(".fa:active{top:1px;}", "a"),
      rule("@media (min-width: 720px){.fc{top:3px;}}", "m", "(min-width: 720px)"),
      rule(".fh:hover{top:4px;}", "h"),
      rule(".fd{top:5px;}", "d"),
      rule(".fp{padding:0;}", "d", "", -1),
      rule(".r1{top:6px;}", "r"),
      rule(".fd{top:5px;}", "d"),
      rule(".ff:focus{top:7px;}", "f"),
    ]);
    expect(css.split("\n")).toEqual([
      ".r1{top:6px;}",
      ".fp{padding:0;}",
      ".fd{top:5px;}",
      ".ff:focus{top:7px;}",
      ".fh:hover{top:4px;}",
      ".fa:active{top:1px;}",
      "@media (min-width: 1000px){.fb{top:2px;}}",
      "@media (min-width: 720px){.fc{top:3px;}}",
    ]);
  });

  it("is cut between rules into files that, in order, hold the whole of it", () => {
    const rules = Array.from({ length: 40 }, (_, i) => `.f${i}{top:${i}px;}`);
    const css = `${rules.join("\n")}`;
    const parts = stylesheetParts(css, 64);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join("")).toBe(`${css}\n`);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(64 + 16);
    expect(stylesheetParts(".a{top:0;}", 64)).toEqual([".a{top:0;}\n"]);
  });
});
