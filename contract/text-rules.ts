/**
 * Which characters a text a reader sends may hold (spec section 5), as plain predicates that the
 * request schemas and the web app's forms share. No zod here: the web app imports this.
 *
 *   single-line  names (usernames, nicknames, group names): no control characters at all, no line
 *                separators, no bidirectional formatting, no unpaired surrogates
 *   multi-line   feedback text: as single-line, but line breaks and tabs are allowed
 *   storable     search keywords and other free text: only what no database can store as it is,
 *                NUL and unpaired surrogates, is refused
 *
 * Bidirectional formatting characters (embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069, the marks U+200E, U+200F and U+061C) reorder the text shown beside a name, so a
 * name holding one can pass itself off as another.
 */

export type TextKind = "single-line" | "multi-line" | "storable";
export type TextFlaw = "control" | "bidi" | "surrogate";

/** C0 controls, DEL and C1 controls. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
const LINE_SEPARATORS = /[\u2028\u2029]/u;
const NUL = /\0/u;
const BIDI_FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** With the `u` flag a well-formed pair is one code point, so only an unpaired half matches. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** The first kind of character `text` may not hold as a text of `kind`, or null if it has none. */
export function textFlaw(text: string, kind: TextKind): TextFlaw | null {
  if (UNPAIRED_SURROGATE.test(text)) return "surrogate";
  switch (kind) {
    case "storable":
      return NUL.test(text) ? "control" : null;
    case "multi-line":
      if (CONTROL_BUT_LINE_BREAKS.test(text)) return "control";
      break;
    case "single-line":
      if (CONTROL.test(text) || LINE_SEPARATORS.test(text)) return "control";
      break;
  }
  return BIDI_FORMATTING.test(text) ? "bidi" : null;
}

export const isCleanText = (text: string, kind: TextKind): boolean => textFlaw(text, kind) === null;

const CONTROL_MESSAGES: Record<TextKind, string> = {
  "single-line": "must not contain control or bidirectional formatting characters",
  "multi-line":
    "must not contain control characters (other than line breaks and tabs) or bidirectional formatting characters",
  storable: "must not contain NUL characters",
};

/** What the server says about a flawed text, after the field's name. */
export function textFlawMessage(flaw: TextFlaw, kind: TextKind): string {
  return flaw === "surrogate"
    ? "must not contain unpaired surrogates (malformed UTF-16)"
    : CONTROL_MESSAGES[kind];
}
