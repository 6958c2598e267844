/**
 * The page's text by column, each with its number; chars with boxes point at them on the scan.
 * Clicking a char marks it and Shift+click marks the chars up to another; a column shown as plain
 * text can be selected with the mouse.
 */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type RefObject, useMemo } from "react";
import type { Page } from "../../../contract/canon.ts";
import { parseLineId } from "../../../contract/ids.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { pageText as t } from "./messages.ts";

const useStyles = makeStyles({
  pane: {
    width: "300px",
    flexShrink: 0,
    overflowY: "auto",
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    borderLeftWidth: "1px",
    borderLeftStyle: "solid",
    borderLeftColor: tokens.colorNeutralStroke2,
  },
  list: { listStyleType: "none", paddingLeft: 0, marginTop: tokens.spacingVerticalS },
  column: { display: "flex", gap: tokens.spacingHorizontalS, lineHeight: "2em" },
  number: {
    minWidth: "2em",
    textAlign: "right",
    color: tokens.colorNeutralForeground4,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
  },
  text: {
    fontFamily: '"Noto Serif CJK TC", "Noto Serif TC", "Source Han Serif TC", "Songti TC", serif',
    fontSize: "18px",
    letterSpacing: "2px",
    wordBreak: "break-all",
  },
  char: {
    cursor: "pointer",
    borderRadius: tokens.borderRadiusSmall,
    borderTopStyle: "none",
    borderBottomStyle: "none",
    borderLeftStyle: "none",
    borderRightStyle: "none",
    paddingTop: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    paddingRight: 0,
    margin: 0,
    font: "inherit",
    letterSpacing: "inherit",
    color: "inherit",
    backgroundColor: "transparent",
  },
  cidChar: { backgroundColor: tokens.colorPaletteRedBackground2 },
  markedChar: { backgroundColor: tokens.colorBrandBackground2 },
  focusChar: { backgroundColor: tokens.colorPaletteBlueBackground2 },
});

type Props = {
  page: Page;
  txtType: TxtType;
  cidChars: ReadonlySet<string>;
  markedChars: ReadonlySet<string>;
  focusChar: string | null;
  paneRef: RefObject<HTMLElement | null>;
  onHover(charId: string | null): void;
  onMark(charId: string, extend: boolean): void;
};

export function TextPane(props: Props) {
  const { page, txtType, cidChars, markedChars, focusChar, onHover, onMark } = props;
  const styles = useStyles();
  const { i18n } = useLingui();
  const charsByColumn = useMemo(() => {
    const byColumn = new Map<string, Page["chars"]>();
    for (const c of page.chars) {
      const list = byColumn.get(c.cid);
      if (list) list.push(c);
      else byColumn.set(c.cid, [c]);
    }
    return byColumn;
  }, [page.chars]);
  const columns = page.columns.filter((c) => c.text[txtType] !== "" || charsByColumn.has(c.cid));
  return (
    <aside
      ref={props.paneRef}
      className={styles.pane}
      aria-label={i18n._(t.textPane)}
      data-text-pane
      lang="zh-Hant"
    >
      {columns.length === 0 && <Text>{i18n._(t.noText)}</Text>}
      <ol className={styles.list}>
        {columns.map((column) => {
          const chars = charsByColumn.get(column.cid);
          return (
            <li key={column.cid} className={styles.column} data-column={column.cid}>
              <span className={styles.number}>{parseLineId(column.cid)?.line ?? ""}</span>
              <span className={styles.text} data-column-text>
                {chars
                  ? chars.map((c) => (
                      <button
                        type="button"
                        key={c.char_id}
                        data-char-id={c.char_id}
                        className={mergeClasses(
                          styles.char,
                          cidChars.has(c.char_id) && styles.cidChar,
                          markedChars.has(c.char_id) && styles.markedChar,
                          focusChar === c.char_id && styles.focusChar,
                        )}
                        onMouseEnter={() => onHover(c.char_id)}
                        onMouseLeave={() => onHover(null)}
                        onFocus={() => onHover(c.char_id)}
                        onBlur={() => onHover(null)}
                        aria-pressed={markedChars.has(c.char_id)}
                        onClick={(event) => onMark(c.char_id, event.shiftKey)}
                      >
                        {c[txtType] || "▆"}
                      </button>
                    ))
                  : column.text[txtType]}
              </span>
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
