/** Text with its hits marked by kind: the full keyword, a term as written, a char matched by folding. */
import { makeStyles, tokens } from "@fluentui/react-components";
import { splitHighlights } from "../../../contract/highlight-pieces.ts";
import type { Highlight } from "../../../contract/search.ts";

const useStyles = makeStyles({
  full: {
    backgroundColor: tokens.colorPaletteYellowBackground3,
    color: "inherit",
    fontWeight: tokens.fontWeightSemibold,
  },
  segment: { backgroundColor: tokens.colorPaletteYellowBackground2, color: "inherit" },
  char: { backgroundColor: tokens.colorPaletteYellowBackground1, color: "inherit" },
});

export function HighlightedText({ text, highlights }: { text: string; highlights: readonly Highlight[] }) {
  const styles = useStyles();
  return (
    <>
      {splitHighlights(text, highlights).map((piece, i) =>
        piece.kind === null ? (
          piece.text
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder.
          <mark key={i} className={styles[piece.kind]} data-highlight={piece.kind}>
            {piece.text}
          </mark>
        ),
      )}
    </>
  );
}
