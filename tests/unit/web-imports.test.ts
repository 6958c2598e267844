/**
 * The web app ships without zod: no module of src/, nor any module it loads at run time (its
 * relative imports, followed transitively into contract/ and elsewhere), imports "zod". Type-only
 * imports and exports are erased from the bundle and are not followed; `import { type A }` is,
 * since with verbatimModuleSyntax the module is still loaded.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CODE_FILE = /\.(ts|tsx)$/;

const isZod = (specifier: string): boolean => specifier === "zod" || specifier.startsWith("zod/");

/** The module specifiers a source loads at run time (with `types`, also the erased ones), in order. */
function runtimeSpecifiers(fileName: string, source: string, types = false): string[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (types || !node.importClause?.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (types || !node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The code file a relative specifier names; "asset" for other files (catalogues, styles). */
function resolveRelative(from: string, specifier: string): string | "asset" | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  const code = candidates.find((path) => CODE_FILE.test(path) && existsSync(path));
  if (code) return code;
  return existsSync(base) && statSync(base).isFile() ? "asset" : null;
}

type Walk = { reached: Set<string>; zodImports: string[] };

/** Every module reached from `entries` at run time, and the import chains that end in zod. */
function walk(entries: readonly string[]): Walk {
  const importedBy = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const queue = [...entries];
  const zodImports: string[] = [];
  const chain = (file: string): string => {
    const names: string[] = [];
    for (let at: string | null | undefined = file; at; at = importedBy.get(at)) {
      names.unshift(relative(ROOT, at));
    }
    return names.join(" → ");
  };
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const specifier of runtimeSpecifiers(file, readFileSync(file, "utf8"))) {
      if (isZod(specifier)) zodImports.push(`${chain(file)} → ${specifier}`);
      if (!specifier.startsWith(".")) continue;
      const target = resolveRelative(file, specifier);
      if (!target) throw new Error(`${relative(ROOT, file)}: cannot resolve ${specifier}`);
      if (target === "asset" || importedBy.has(target)) continue;
      importedBy.set(target, file);
      queue.push(target);
    }
  }
  return { reached: new Set(importedBy.keys()), zodImports };
}

const srcFiles = (readdirSync(join(ROOT, "src"), { recursive: true }) as string[])
  .filter((name) => CODE_FILE.test(name))
  .map((name) => join(ROOT, "src", name));

describe("the web app's imports", () => {
  it("loads no zod from src/ or the contract modules it imports", () => {
    expect(srcFiles.length).toBeGreaterThan(50);
    const { reached, zodImports } = walk(srcFiles);
    expect(zodImports).toEqual([]);
    // The walk does reach into contract/: the zod-free rule modules the web app uses.
    expect(reached).toContain(join(ROOT, "contract/ids.ts"));
    expect(reached).toContain(join(ROOT, "contract/account-rules.ts"));
  });

  it("has no zod import in src/, not even for types", () => {
    const importers = srcFiles.filter((file) =>
      runtimeSpecifiers(file, readFileSync(file, "utf8"), true).some(isZod),
    );
    expect(importers.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it("finds zod behind a value import and names the chain", () => {
    const { zodImports } = walk([join(ROOT, "server/modules/feedback/routes.ts")]);
    expect(zodImports).toContain("server/modules/feedback/routes.ts → zod");
    expect(zodImports).toContain("server/modules/feedback/routes.ts → contract/feedback-schemas.ts → zod");
  });

  it("skips type-only imports and exports and follows every other kind", () => {
    const source = [
      'import type { A } from "./a.ts";',
      'import { type B } from "./b.ts";',
      'import { c, type C } from "./c.ts";',
      'export type { D } from "./d.ts";',
      'export { e } from "./e.ts";',
      'export * from "./f.ts";',
      'const g = () => import("./g.ts");',
      'import "./h.ts";',
      'import type { z } from "zod";',
      'import { z as zz } from "zod";',
    ].join("\n");
    expect(runtimeSpecifiers("x.tsx", source)).toEqual([
      "./b.ts",
      "./c.ts",
      "./e.ts",
      "./f.ts",
      "./g.ts",
      "./h.ts",
      "zod",
    ]);
    expect(runtimeSpecifiers("x.ts", source, true)).toHaveLength(10);
  });
});
