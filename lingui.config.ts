import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LATER_CATALOGUE_FOLDERS } from "./src/i18n/catalogueGroups.ts";

/**
 * Lingui catalogues of the web app. Messages are plain descriptors with explicit ids marked
 * `/*i18n*\/` (see src/i18n/messages.ts), so no Babel macro pass is needed at build time; the
 * vite plugin compiles the `.po` files when the app imports them.
 *
 * Two catalogues per language: `messages` holds what reading, searching and the shell say and
 * loads with the app; `more` holds the screens reached later (account, personal centre,
 * research, administration, articles) and loads with the first of them (src/i18n/activate.ts).
 */
const later = LATER_CATALOGUE_FOLDERS.map((folder) => `<rootDir>/${folder}/**`);

export default defineConfig({
  sourceLocale: "zh-CN",
  locales: ["zh-CN", "zh-TW", "en"],
  fallbackLocales: { default: "zh-CN" },
  catalogs: [
    { path: "<rootDir>/locales/{locale}/messages", include: ["<rootDir>/src"], exclude: later },
    { path: "<rootDir>/locales/{locale}/more", include: later },
  ],
  format: formatter({ lineNumbers: false }),
});
