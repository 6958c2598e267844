/**
 * Draws a line as read: its text, the witness's readings underlined on a tint (titled with the
 * witness), quick-search matches, and a small numbered mark after each place. A mark is a button
 * whose number is drawn by CSS, so the line's text (selection, copy, quote) holds no mark.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import type { ReactNode } from "react";
import type { LineMatch } from "../collationView.ts";
import { type Piece, shownPieces } from "./pieces.ts";
import type { PlacedLine } from "./placement.ts";

export const useLineStyles = makeStyles({
  mark: {
    position: "relative",
    display: "inline",
    border: "none",
    margin: 0,
    paddingTop: 0,
    paddingBottom: 0,
    paddingLeft: "1px",
    paddingRight: "1px",
    backgroundColor: "transparent",
    color: tokens.colorBrandForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: "max(10px, 0.55em)",
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: 1,
    letterSpacing: 0,
    verticalAlign: "super",
    cursor: "pointer",
    textCombineUpright: "all",
    userSelect: "none",
    "::after": { content: "attr(data-label)" },
    // A larger target than the small number, for fingers: across the line only, so that a
    // selection can still start on the chars beside it.
    "::before": { content: '""', position: "absolute", insetBlock: "-8px", insetInline: 0 },
    ":hover": { textDecorationLine: "underline", color: tokens.colorBrandForeground2 },
    ":focus-visible": {
      outlineWidth: "2px",
      outlineStyle: "solid",
      outlineColor: tokens.colorStrokeFocus2,
      borderRadius: tokens.borderRadiusSmall,
    },
  },
  reading: {
    backgroundColor: tokens.colorPaletteLightTealBackground2,
    textDecorationLine: "underline",
    textDecorationColor: tokens.colorPaletteTealForeground2,
    textDecorationThickness: "2px",
    textUnderlineOffset: "0.25em",
  },
  // What the witness leaves out: the apparatus's sign for a missing text, drawn, not in the text.
  omission: {
    "::after": { content: '"〔－〕"', fontSize: "0.7em", color: tokens.colorPaletteTealForeground2 },
  },
  match: { backgroundColor: tokens.colorPaletteYellowBackground1, color: "inherit" },
  currentMatch: { backgroundColor: tokens.colorPaletteDarkOrangeBackground2, color: "inherit" },
});

/** The number a place's mark shows: its order in the reel, from 1. */
export const markNumber = (entry: number): string => String(entry + 1);

export type LineLabels = {
  /** The mark's number and accessible name. */
  mark(entry: number): { number: string; name: string };
  /** The title of a reading: which witness reads so. */
  reading: string;
};

type Styles = ReturnType<typeof useLineStyles>;

function pieceNode(
  piece: Piece,
  key: number,
  match: LineMatch,
  labels: LineLabels,
  styles: Styles,
): ReactNode {
  if (piece.kind === "mark") {
    const { number, name } = labels.mark(piece.entry);
    return (
      <button
        key={key}
        type="button"
        className={styles.mark}
        data-note={piece.entry}
        data-label={number}
        // One mark at a time is in the tab order (useMarkFocus).
        tabIndex={-1}
        aria-label={name}
        aria-haspopup="dialog"
      />
    );
  }
  if (piece.reading === null && piece.match === null) return piece.text;
  const matchClass =
    piece.match === null ? undefined : piece.match === match.current ? styles.currentMatch : styles.match;
  const readingClass =
    piece.reading === null ? undefined : mergeClasses(styles.reading, piece.text === "" && styles.omission);
  const readingProps = piece.reading === null ? {} : { "data-reading": piece.reading, title: labels.reading };
  if (piece.match === null)
    return (
      <span key={key} className={readingClass} {...readingProps}>
        {piece.text}
      </span>
    );
  return (
    <mark
      key={key}
      data-match={piece.match}
      className={mergeClasses(matchClass, readingClass)}
      {...readingProps}
    >
      {piece.text}
    </mark>
  );
}

/** The content of one line as read, or null for a line the view does not hold. */
export function lineContent(
  line: PlacedLine | undefined,
  options: { punctuation: boolean; marks: boolean },
  match: LineMatch,
  labels: LineLabels,
  styles: Styles,
): ReactNode {
  if (!line) return null;
  const parts = options.marks ? line.parts : line.parts.filter((part) => part.kind !== "mark");
  const pieces = shownPieces(parts, {
    punctuation: options.punctuation,
    keyword: match.keyword,
    first: match.first,
  });
  // A line with nothing to mark is the same text node as the plain line: drawing the marks then
  // touches only the lines that have some.
  if (pieces.every(isPlainText)) return pieces.map((piece) => piece.text).join("");
  return pieces.map((piece, i) => pieceNode(piece, i, match, labels, styles));
}

const isPlainText = (piece: Piece): piece is Extract<Piece, { kind: "text" }> =>
  piece.kind === "text" && piece.reading === null && piece.match === null;
