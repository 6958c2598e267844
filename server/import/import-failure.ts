import { CbetaParseError } from "./cbeta-parser.ts";

/** A source the import could not read, with its line where known. */
export type ImportFailure = { file: string; line: number | null; message: string };

export function failureOf(file: string, error: unknown): ImportFailure {
  if (error instanceof CbetaParseError) return { file, line: error.line, message: error.message };
  return { file, line: null, message: error instanceof Error ? error.message : String(error) };
}
