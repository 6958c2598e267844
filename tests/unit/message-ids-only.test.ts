/**
 * The build keeps only the ids of message descriptors (scripts/message-ids-only.ts): every
 * descriptor form the app writes loses its source text, in place, and nothing else changes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { withoutMessages } from "../../scripts/message-ids-only.ts";

describe("message descriptors in the built code", () => {
  it("keep their id and lose the source text, on one line or several, in quotes or backticks", () => {
    const source = [
      'const a = { x: /*i18n*/ { id: "ui.columns", message: "显示列" },',
      "  y: /*i18n*/ {",
      '    id: "a.b",',
      "    message:",
      '      "一个\\"长\\"句子 {count}",',
      "  },",
      '  z: /*i18n*/ { id: "c.d", message: `多',
      "行` } };",
    ].join("\n");
    const built = withoutMessages(source);
    expect(built).not.toMatch(/message|显示列|句子|多|行`/);
    expect(built).toContain('/*i18n*/ { id: "ui.columns"');
    expect(built).toContain('id: "a.b"');
    expect(built).toContain('/*i18n*/ { id: "c.d"');
    // Lines and columns stay where they were, so source maps still point right.
    expect(built.length).toBe(source.length);
    expect(built.split("\n").map((line) => line.length)).toEqual(
      source.split("\n").map((line) => line.length),
    );
  });

  it("leaves code that is not a descriptor alone", () => {
    const source = 'const error = { id: "x", message: "shown to the reader" };';
    expect(withoutMessages(source)).toBe(source);
  });

  it("leaves no descriptor of the app with its source text", () => {
    const files = readdirSync("src", { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    const kept = files.filter((file) =>
      /\/\*i18n\*\/\s*\{[^}]*?message:/.test(withoutMessages(readFileSync(join("src", file), "utf8"))),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(kept).toEqual([]);
  });
});
