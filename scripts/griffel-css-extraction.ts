/**
 * A Vite plugin: the CSS rules of every build-time style (the app's, resolved by
 * griffel-ahead-of-time.ts, and Fluent's, shipped resolved) go into one stylesheet the page links,
 * and the calls that carried them become Griffel's `__css` / `__resetCSS`, which only name classes.
 * The page preloads it and the app applies it before its first render (src/app/buildStyles.ts).
 * The stylesheet is written as a few files in a row (`STYLESHEET_PART_BYTES` each): linked in that
 * order they cascade as one, and each is parsed in a task of its own, short enough not to hold up
 * the page, where one file was parsed in one long task.
 * Without it the browser inserted the rules of a whole first screen into `<style>` elements in one
 * block of work when React committed that screen, the largest single part of its script work.
 *
 * Griffel keeps its rules in ordered sheets (a bucket per kind of selector: reset, plain, link,
 * visited, focus, hover, active, at-rules, media…), and a later sheet wins a tie: the stylesheet
 * keeps that order (`stylesheetOrder`). Every rule the built code uses is in it, the lazy screens' too:
 * a lazy screen's rules loaded after the first screen's would come after its media and hover
 * rules and win ties they must lose. A call whose rules are not plain literals is left as it is
 * and inserts them at run time, as before.
 */
import { createHash } from "node:crypto";
import { parseSync, type types } from "@babel/core";
import { normalizeCSSBucketEntry, styleBucketOrdering } from "@griffel/core";
import MagicString from "magic-string";
import type { Plugin } from "vite";

/** The run-time calls and the build-output calls that replace them, from these modules. */
const REPLACEMENTS: Record<string, { call: string; rulesArgument: number }> = {
  __styles: { call: "__css", rulesArgument: 1 },
  __resetStyles: { call: "__resetCSS", rulesArgument: 2 },
};
/** Each exports both kinds (`@griffel/core`'s take the renderer in their argument and ignore it). */
const GRIFFEL_MODULES = new Set(["@griffel/react", "@griffel/core", "@fluentui/react-components"]);
const MAY_HOLD_RULES = /\b__(?:reset)?[sS]tyles\(/;
const SCRIPT = /\.[cm]?[jt]sx?(?:\?.*)?$/;

type Rule = { css: string; bucket: string; condition: string; priority: number };

/** A value made only of strings, numbers, arrays and plain objects (what Griffel's build writes). */
function literalValue(node: types.Node): unknown {
  switch (node.type) {
    case "StringLiteral":
    case "NumericLiteral":
      return node.value;
    case "NullLiteral":
      return null;
    case "UnaryExpression":
      if (node.operator === "-" && node.argument.type === "NumericLiteral") return -node.argument.value;
      throw new Error("not a literal");
    case "ArrayExpression":
      return node.elements.map((element) => {
        if (!element || element.type === "SpreadElement") throw new Error("not a literal");
        return literalValue(element);
      });
    case "ObjectExpression":
      return Object.fromEntries(
        node.properties.map((property) => {
          if (property.type !== "ObjectProperty" || property.computed) throw new Error("not a literal");
          const key = property.key;
          const name =
            key.type === "Identifier" ? key.name : key.type === "StringLiteral" ? key.value : undefined;
          if (name === undefined) throw new Error("not a literal");
          return [name, literalValue(property.value)];
        }),
      );
    default:
      throw new Error("not a literal");
  }
}

/** The rules of one call's bucket map (`{ d: [...], m: [[css, { m: "(…)" }]] }`, or a reset's list). */
function rulesOf(value: unknown): Rule[] {
  const byBucket = Array.isArray(value) ? { r: value } : (value as Record<string, unknown[]>);
  return Object.entries(byBucket).flatMap(([bucket, entries]) =>
    entries.map((entry) => {
      const [css, metadata = {}] = normalizeCSSBucketEntry(
        entry as string | [string, Record<string, string>],
      );
      const meta = metadata as Record<string, string | number | undefined>;
      return {
        css,
        bucket,
        condition: String(meta.x ?? meta.m ?? ""),
        priority: Number(meta.p ?? 0),
      };
    }),
  );
}

/** The local names a module gives Griffel's run-time calls: the call each names and where it is from. */
function runtimeCallNames(program: types.Program): Map<string, { imported: string; from: string }> {
  const names = new Map<string, { imported: string; from: string }>();
  for (const statement of program.body) {
    if (statement.type !== "ImportDeclaration" || !GRIFFEL_MODULES.has(statement.source.value)) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== "ImportSpecifier") continue;
      const imported =
        specifier.imported.type === "Identifier" ? specifier.imported.name : specifier.imported.value;
      if (imported in REPLACEMENTS)
        names.set(specifier.local.name, { imported, from: statement.source.value });
    }
  }
  return names;
}

/** A suffix that keeps the added imports' local names apart from the module's own. */
const localSuffix = (from: string): string => `_extracted_${from.replace(/[^a-z]/g, "_")}`;

/** Rewrites one module's calls; answers its new code and the rules taken out, or null when none. */
export function extractModuleRules(code: string, id: string): { code: MagicString; rules: Rule[] } | null {
  const file = parseSync(code, {
    filename: id,
    babelrc: false,
    configFile: false,
    sourceType: "module",
    parserOpts: { plugins: ["jsx", "typescript"] },
  });
  if (!file) return null;
  const localNames = runtimeCallNames(file.program);
  if (localNames.size === 0) return null;
  const output = new MagicString(code);
  const rules: Rule[] = [];
  /** The build-output calls used, by the module they are imported from. */
  const used = new Map<string, Set<string>>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const candidate = node as types.Node;
    if (candidate.type === "CallExpression" && candidate.callee.type === "Identifier") {
      const runtimeCall = localNames.get(candidate.callee.name);
      const replacement = runtimeCall ? REPLACEMENTS[runtimeCall.imported] : undefined;
      const rulesNode = replacement ? candidate.arguments[replacement.rulesArgument] : undefined;
      if (runtimeCall && replacement && rulesNode && rulesNode.start != null && rulesNode.end != null) {
        const before = candidate.arguments[replacement.rulesArgument - 1];
        try {
          rules.push(...rulesOf(literalValue(rulesNode)));
          const local = `${replacement.call}${localSuffix(runtimeCall.from)}`;
          output.overwrite(candidate.callee.start ?? 0, candidate.callee.end ?? 0, local);
          output.remove(before?.end ?? rulesNode.start, candidate.arguments.at(-1)?.end ?? rulesNode.end);
          used.set(runtimeCall.from, (used.get(runtimeCall.from) ?? new Set()).add(replacement.call));
          return;
        } catch {
          // Rules built from expressions: left to insert themselves at run time.
        }
      }
    }
    for (const [key, value] of Object.entries(candidate)) {
      if (key !== "loc" && key !== "leadingComments" && key !== "trailingComments") visit(value);
    }
  };
  visit(file.program.body);
  if (used.size === 0) return null;
  for (const [from, calls] of used) {
    const names = [...calls].map((call) => `${call} as ${call}${localSuffix(from)}`).join(", ");
    output.prepend(`import { ${names} } from ${JSON.stringify(from)};\n`);
  }
  return { code: output, rules };
}

/** Griffel's sheet order: bucket, then (for media and container rules) condition, then priority. */
function stylesheetOrder(a: Rule, b: Rule): number {
  const bucket =
    styleBucketOrdering.indexOf(a.bucket as never) - styleBucketOrdering.indexOf(b.bucket as never);
  if (bucket !== 0) return bucket;
  if (a.condition !== b.condition) return a.condition < b.condition ? -1 : 1;
  if (a.priority !== b.priority) return a.priority - b.priority;
  return a.css < b.css ? -1 : a.css > b.css ? 1 : 0;
}

/** The stylesheet of a build's rules: each rule once, media and container rules inside their condition. */
export function griffelStylesheet(rules: Iterable<Rule>): string {
  const unique = new Map<string, Rule>();
  for (const rule of rules) unique.set(`${rule.bucket}|${rule.condition}|${rule.priority}|${rule.css}`, rule);
  return [...unique.values()]
    .sort(stylesheetOrder)
    .map((rule) => rule.css)
    .join("\n");
}

/** About how much of the stylesheet one of its files holds. */
const STYLESHEET_PART_BYTES = 32 * 1024;

/** A stylesheet cut between rules into files of about `partBytes` each, in order. */
export function stylesheetParts(css: string, partBytes: number): string[] {
  const parts: string[] = [];
  let part: string[] = [];
  let size = 0;
  for (const rule of css.split("\n")) {
    if (size > 0 && size + rule.length > partBytes) {
      parts.push(`${part.join("\n")}\n`);
      part = [];
      size = 0;
    }
    part.push(rule);
    size += rule.length + 1;
  }
  if (part.length > 0) parts.push(`${part.join("\n")}\n`);
  return parts;
}

type StylesheetFile = { fileName: string; source: string };

export function griffelCssExtraction(): Plugin {
  const rulesByModule = new Map<string, Rule[]>();
  /** The modules whose code is in the built chunks: a style module tree-shaken away adds no rules. */
  const renderedModules = new Set<string>();
  let stylesheet: StylesheetFile[] | null = null;
  const built = (): StylesheetFile[] => {
    if (stylesheet) return stylesheet;
    const rules = [...rulesByModule].filter(([id]) => renderedModules.has(id)).flatMap(([, list]) => list);
    stylesheet = stylesheetParts(griffelStylesheet(rules), STYLESHEET_PART_BYTES).map((source) => {
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
      return { fileName: `assets/griffel-${hash}.css`, source };
    });
    return stylesheet;
  };
  return {
    name: "canon-griffel-css-extraction",
    enforce: "post",
    apply: "build",
    buildStart() {
      rulesByModule.clear();
      renderedModules.clear();
      stylesheet = null;
    },
    transform(code, id) {
      if (!SCRIPT.test(id) || !MAY_HOLD_RULES.test(code)) return null;
      const extracted = extractModuleRules(code, id);
      if (!extracted) return null;
      rulesByModule.set(id, extracted.rules);
      return {
        code: extracted.code.toString(),
        map: extracted.code.generateMap({ hires: "boundary", source: id }),
      };
    },
    renderChunk(_code, chunk) {
      for (const [id, module] of Object.entries(chunk.modules))
        if (module.renderedLength > 0) renderedModules.add(id);
      return null;
    },
    generateBundle() {
      for (const { fileName, source } of built()) this.emitFile({ type: "asset", fileName, source });
    },
    transformIndexHtml: {
      order: "post",
      handler: () =>
        built().map(({ fileName }) => ({
          tag: "link",
          attrs: { rel: "preload", as: "style", href: `/${fileName}`, "data-build-styles": true },
          injectTo: "head" as const,
        })),
    },
  };
}
