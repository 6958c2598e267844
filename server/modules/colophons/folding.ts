/**
 * Colophon text folded for contains-matching: each char becomes the representative of its class
 * in OpenCC's Taiwan → standard and traditional → simplified tables (contract/search-tokenizer.ts),
 * so a simplified query (楞严寺) finds the traditional text (楞嚴寺). The importer folds the stored
 * copies and the list folds the query with the same classes.
 */
import { createSearchFolding } from "../../../contract/search-tokenizer.ts";

const FOLDING = createSearchFolding([]);

export function foldText(text: string): string {
  return FOLDING.fold(Array.from(text)).join("");
}
