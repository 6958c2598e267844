import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * Lingui catalogues of the web app. Messages are plain descriptors with explicit ids marked
 * `/*i18n*\/` (see src/i18n/messages.ts), so no Babel macro pass is needed at build time; the
 * vite plugin compiles the `.po` files when the app imports them.
 */
export default defineConfig({
  sourceLocale: "zh-CN",
  locales: ["zh-CN", "zh-TW", "en"],
  fallbackLocales: { default: "zh-CN" },
  catalogs: [{ path: "<rootDir>/locales/{locale}/messages", include: ["<rootDir>/src"] }],
  format: formatter({ lineNumbers: false }),
});
