/**
 * The box of the colophon table (spec section 2): the table scrolls sideways inside it, never
 * taller than the window so its scrollbar stays in view, with the header fixed at the top and the
 * first two columns fixed at the start (not on phones).
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import type { CSSProperties } from "react";
import { COLOPHON_COLUMN_WIDTHS, type colophonColumns, colophonTableWidth } from "./colophonColumns.tsx";

type ColophonColumn = ReturnType<typeof colophonColumns>[number];

const frozen = "& th:nth-child(-n+2), & td:nth-child(-n+2)";

const useStyles = makeStyles({
  scroller: {
    // Room for the app's header and the pager below, so the sideways scrollbar is on screen.
    maxHeight: "max(360px, calc(100dvh - 160px))",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // Scrollbars that some systems only show while scrolling are drawn for good.
    "&::-webkit-scrollbar": { width: "12px", height: "12px" },
    "&::-webkit-scrollbar-track": { backgroundColor: tokens.colorNeutralBackground3 },
    "&::-webkit-scrollbar-corner": { backgroundColor: tokens.colorNeutralBackground3 },
    "&::-webkit-scrollbar-thumb": {
      backgroundColor: tokens.colorNeutralStrokeAccessible,
      borderRadius: "6px",
      border: `3px solid ${tokens.colorNeutralBackground3}`,
    },
    "& table": { tableLayout: "fixed", width: "max(100%, var(--colophon-table-width))" },
    "& th, & td": { verticalAlign: "top", boxSizing: "border-box", overflowWrap: "anywhere" },
    "& th": {
      verticalAlign: "bottom",
      paddingTop: tokens.spacingVerticalXS,
      paddingBottom: tokens.spacingVerticalXS,
    },
    "& [data-clipped]": { minWidth: 0 },
    "& [data-open-colophon]": {
      display: "block",
      width: "100%",
      textAlign: "start",
      color: tokens.colorNeutralForeground1,
    },
    // The header row's line is drawn by its fixed cells, which would cover the row's own border.
    "& thead tr": { borderBottomStyle: "none" },
    "& thead th": { position: "sticky", top: 0, zIndex: 2, backgroundColor: tokens.colorNeutralBackground1 },
    "& thead th::after": {
      content: '""',
      position: "absolute",
      left: 0,
      right: 0,
      bottom: 0,
      height: "1px",
      backgroundColor: tokens.colorNeutralStroke2,
    },
    [frozen]: { position: "sticky", zIndex: 1, backgroundColor: tokens.colorNeutralBackground1 },
    "& thead th:nth-child(-n+2)": { zIndex: 3 },
    "& tbody tr:hover td:nth-child(-n+2)": { backgroundColor: tokens.colorSubtleBackgroundHover },
    "& th:nth-child(1), & td:nth-child(1)": { left: 0 },
    "& th:nth-child(2), & td:nth-child(2)": {
      left: "var(--colophon-frozen-left)",
      boxShadow: `inset -1px 0 0 ${tokens.colorNeutralStroke2}`,
    },
    "@media (max-width: 639px)": {
      [frozen]: { left: "auto", boxShadow: "none" },
      "& tbody td:nth-child(-n+2)": { position: "static" },
    },
  },
});

/** The list screen's table class and its widths for the columns shown. */
export function useColophonTableBox() {
  const styles = useStyles();
  return {
    tableClassName: styles.scroller,
    tableStyle(shown: readonly ColophonColumn[]): CSSProperties {
      const first = shown[0];
      const widths: CSSProperties & Record<`--${string}`, string> = {
        "--colophon-table-width": `${colophonTableWidth(shown.map((column) => column.id))}px`,
        "--colophon-frozen-left": `${first ? COLOPHON_COLUMN_WIDTHS[first.id] : 0}px`,
      };
      return widths;
    },
  };
}
