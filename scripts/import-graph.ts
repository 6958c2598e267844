/**
 * The project's import graph, for the check that keeps it one-way: circles among the TypeScript
 * files of server/, src/, workers/ and contract/ (relative imports, type imports and dynamic
 * imports included), and imports of src/ from the other three, which must never depend on a
 * screen's code. Run by tests/unit/import-graph.test.ts in `npm run check`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const GRAPH_ROOTS = ["server", "src", "workers", "contract"] as const;

export type ImportFindings = {
  /** Each circle's files, relative to the root and sorted. */
  circles: string[][];
  /** `from -> to` for each import of src/ from outside it. */
  upward: string[];
};

const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, into: string[]): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules") sourceFiles(path, into);
    } else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) into.push(resolve(path));
  }
}

function targetOf(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((candidate) => known.has(candidate));
}

/** Tarjan's strongly connected components of more than one file. */
function circlesOf(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target))
        low.set(file, Math.min(low.get(file) as number, order.get(target) as number));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component);
  };
  for (const file of edges.keys()) if (!order.has(file)) visit(file);
  return found;
}

export function findImportProblems(root: string): ImportFindings {
  const files: string[] = [];
  for (const top of GRAPH_ROOTS) if (existsSync(join(root, top))) sourceFiles(join(root, top), files);
  const known = new Set(files);
  const edges = new Map<string, Set<string>>();
  const upward: string[] = [];
  const topOf = (file: string) => relative(root, file).split("/")[0];
  for (const file of files) {
    const targets = new Set<string>();
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith(".")) continue;
      const target = targetOf(file, specifier, known);
      if (!target) continue;
      targets.add(target);
      if (topOf(file) !== "src" && topOf(target) === "src")
        upward.push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
    edges.set(file, targets);
  }
  const circles = circlesOf(edges).map((circle) => circle.map((file) => relative(root, file)).sort());
  return { circles, upward };
}
