/**
 * The folders whose messages are in the `more` catalogue (lingui.config.ts): screens and parts
 * that only load on demand (lazy routes and parts), never with the reading screens' first paint.
 */
export const LATER_CATALOGUE_FOLDERS = [
  "src/features/admin",
  "src/features/personal",
  "src/features/policy",
  "src/features/apply",
  "src/features/feedback",
  "src/features/char-image",
  "src/features/char-type",
  "src/features/colophon",
  "src/features/people",
  "src/features/articles",
  "src/features/cite",
  "src/features/reader-reel/collation",
  "src/offline/packs",
] as const;
