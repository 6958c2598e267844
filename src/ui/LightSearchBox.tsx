/**
 * A search box drawn as Fluent's SearchBox is (outline, an accent line under it when focused, a
 * magnifier before the text, a button that clears it), over a native `input type="search"`. It
 * serves a reader's first screen, which should not wait for the code of Fluent's inputs.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { DismissRegular, SearchRegular } from "@fluentui/react-icons";
import type { KeyboardEvent } from "react";

const useStyles = makeStyles({
  root: {
    position: "relative",
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalXXS,
    boxSizing: "border-box",
    minHeight: "32px",
    width: "220px",
    padding: `0 ${tokens.spacingHorizontalMNudge}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground3,
    ":hover": {
      borderTopColor: tokens.colorNeutralStroke1Hover,
      borderRightColor: tokens.colorNeutralStroke1Hover,
      borderLeftColor: tokens.colorNeutralStroke1Hover,
      borderBottomColor: tokens.colorNeutralStrokeAccessibleHover,
    },
    ":focus-within": {
      borderBottomColor: tokens.colorCompoundBrandStroke,
      boxShadow: `inset 0 -1px 0 ${tokens.colorCompoundBrandStroke}`,
    },
  },
  input: {
    flex: "1 1 auto",
    minWidth: 0,
    border: "none",
    outlineStyle: "none",
    backgroundColor: "transparent",
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    "::placeholder": { color: tokens.colorNeutralForeground4, opacity: 1 },
    // The box draws its own clear button.
    "::-webkit-search-cancel-button": { display: "none" },
  },
  icon: { display: "inline-flex", fontSize: "20px" },
  clear: {
    display: "inline-flex",
    padding: 0,
    border: "none",
    background: "none",
    color: tokens.colorNeutralForeground3,
    cursor: "pointer",
    fontSize: "20px",
    ":hover": { color: tokens.colorNeutralForeground3Hover },
  },
});

type Props = {
  name: string;
  label: string;
  clearLabel: string;
  value: string;
  onChange(value: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
  className?: string;
};

export function LightSearchBox(props: Props) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.root, props.className)}>
      <span className={styles.icon} aria-hidden>
        <SearchRegular />
      </span>
      <input
        type="search"
        className={styles.input}
        name={props.name}
        aria-label={props.label}
        placeholder={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={props.onKeyDown}
      />
      {props.value !== "" && (
        <button
          type="button"
          className={styles.clear}
          aria-label={props.clearLabel}
          tabIndex={-1}
          onClick={() => props.onChange("")}
        >
          <DismissRegular />
        </button>
      )}
    </span>
  );
}
