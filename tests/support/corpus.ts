import { resolve } from "node:path";

/** The canon corpus the tests read (never copied into the repository). */
export function corpusDir(): string {
  return process.env.CANON_DIR ? resolve(process.env.CANON_DIR) : resolve("../shared/corpus");
}
