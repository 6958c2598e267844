/** The reading script (traditional or simplified text) the reader chose, kept in localStorage. */
import type { Script } from "../../../contract/names.ts";

export const SCRIPT_KEY = "canon-reader.script";

export function storedScript(storage: Pick<Storage, "getItem">): Script {
  try {
    return storage.getItem(SCRIPT_KEY) === "sim" ? "sim" : "trad";
  } catch {
    return "trad";
  }
}
