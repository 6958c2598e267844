/**
 * What the book list and the scanned page names kept in session storage must look like to be
 * used again; anything else (an older shape, an edited value) is asked for anew.
 */
import type { Book, ImgNames } from "../../../contract/canon.ts";

/** More books than any tripitaka has: a longer list is not one the server gave. */
const MAX_BOOKS = 100_000;

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

function isBook(value: unknown): value is Book {
  if (typeof value !== "object" || value === null) return false;
  const book = value as Record<string, unknown>;
  return (
    typeof book.uid === "string" &&
    isInteger(book.volume) &&
    typeof book.from === "string" &&
    typeof book.to === "string" &&
    isInteger(book.page_count) &&
    isStringList(book.excluded)
  );
}

export const isBookList = (value: unknown): value is Book[] =>
  Array.isArray(value) && value.length <= MAX_BOOKS && value.every(isBook);

/** Book uid → the uids of its pages that have a scan. */
export const isImageNames = (value: unknown): value is ImgNames =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(isStringList);
