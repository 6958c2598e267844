/**
 * A Vite plugin: the app's `makeStyles` / `makeResetStyles` calls are resolved into CSS when the
 * app is built (Griffel's Babel preset rewrites them to `__styles` / `__resetStyles` with their
 * class names and CSS rules), as Fluent UI's own packages ship theirs. The browser then only
 * inserts the rules; without it, each call compiled its style objects into CSS on the page's
 * thread the first time a component rendered, the largest part of the script work of a first
 * screen.
 *
 * The preset evaluates each style object in a sandbox, loading what it imports. Loading all of
 * `@fluentui/react-components` there fails (ES modules in its CommonJS build), and the styles take
 * only plain values from it: the design tokens and typography styles (CSS variable names, the same
 * for every theme) and Griffel's `shorthands`. So the sandbox gets those instead of the package.
 * Development keeps the runtime path (no plugin), where styles change as they are edited.
 */
import { createRequire } from "node:module";
import { transformAsync } from "@babel/core";
import { tokens, typographyStyles } from "@fluentui/react-components";
import type { Plugin } from "vite";

/** The preset's own evaluator (its first default rule), found where the preset finds it. */
const SHAKER = createRequire(createRequire(import.meta.url).resolve("@griffel/babel-preset")).resolve(
  "@linaria/shaker",
);

const STYLE_CALL = /\bmake(?:Reset|Static)?Styles\(/;
const APP_SOURCE = /[\\/]src[\\/].*\.tsx?$/;
const FLUENT_COMPONENTS = /[\\/]@fluentui[\\/]react-components[\\/]/;

/** What the sandbox gets for `@fluentui/react-components`: the plain values styles read. */
const FLUENT_STYLE_VALUES = [
  `const { shorthands } = require("@griffel/core");`,
  `module.exports = { tokens: ${JSON.stringify(tokens)}, typographyStyles: ${JSON.stringify(typographyStyles)}, shorthands };`,
].join("\n");

export function griffelAheadOfTime(): Plugin {
  return {
    name: "canon-griffel-ahead-of-time",
    enforce: "pre",
    apply: "build",
    async transform(code, id) {
      if (id.includes("node_modules") || !APP_SOURCE.test(id) || !STYLE_CALL.test(code)) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        presets: [
          [
            "@griffel/babel-preset",
            {
              babelOptions: { presets: [["@babel/preset-typescript", { isTSX: true, allExtensions: true }]] },
              evaluationRules: [
                { action: SHAKER },
                { test: /[\\/]node_modules[\\/]/, action: "ignore" },
                { test: FLUENT_COMPONENTS, action: () => [FLUENT_STYLE_VALUES, null] },
              ],
            },
          ],
        ],
      });
      if (!result?.code) throw new Error(`${id}: Griffel's build-time styles gave no code`);
      return { code: result.code, map: result.map ?? null };
    },
  };
}
