/** Imports stay one-way: no circle anywhere, and server/, workers/ and contract/ never import src/. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findImportProblems } from "../../scripts/import-graph.ts";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "import-graph-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe("the import graph", () => {
  it("has no circle and no import of src/ from server/, workers/ or contract/", () => {
    expect(findImportProblems(process.cwd())).toEqual({ circles: [], upward: [] });
  });

  it("finds a circle through type imports and dynamic imports, and an upward import", () => {
    const root = tree({
      "src/a.ts": 'import type { B } from "./b.ts";\nexport type A = B;',
      "src/b.ts": 'export type B = string;\nexport const later = () => import("./c");',
      "src/c.ts": 'export { A } from "./a.ts";',
      "src/alone.ts": 'import { x } from "react";',
      "server/d.ts": 'import { later } from "../src/b.ts";',
    });
    expect(findImportProblems(root)).toEqual({
      circles: [["src/a.ts", "src/b.ts", "src/c.ts"]],
      upward: ["server/d.ts -> src/b.ts"],
    });
  });
});
