/** Vertical stacks: children in a column, one class for each gap between them. */
import { makeStyles, tokens } from "@fluentui/react-components";

export const useStackStyles = makeStyles({
  xxs: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  xs: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  s: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  m: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  l: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  xl: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXL },
});
