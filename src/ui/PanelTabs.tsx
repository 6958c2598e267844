/**
 * A small panel's tab strip (WAI-ARIA tabs pattern, ← → Home End move and select), drawn like
 * Fluent's small TabList, without its focus manager (whose hidden focus bumpers read as focusable
 * content inside aria-hidden to accessibility checkers): for side panels and small switches.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { type KeyboardEvent, type ReactNode, useRef } from "react";

const useStyles = makeStyles({
  list: { display: "flex", alignItems: "stretch", gap: tokens.spacingHorizontalXXS },
  tab: {
    position: "relative",
    borderTopStyle: "none",
    borderRightStyle: "none",
    borderBottomStyle: "none",
    borderLeftStyle: "none",
    backgroundColor: "transparent",
    cursor: "pointer",
    paddingTop: tokens.spacingVerticalSNudge,
    paddingBottom: tokens.spacingVerticalSNudge,
    paddingLeft: tokens.spacingHorizontalSNudge,
    paddingRight: tokens.spacingHorizontalSNudge,
    borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground2,
    ":hover": { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ":focus-visible": {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: "solid",
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  medium: {
    paddingTop: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalM,
    paddingLeft: tokens.spacingHorizontalMNudge,
    paddingRight: tokens.spacingHorizontalMNudge,
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    "::after": {
      content: '""',
      position: "absolute",
      left: tokens.spacingHorizontalSNudge,
      right: tokens.spacingHorizontalSNudge,
      bottom: 0,
      height: tokens.strokeWidthThick,
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorCompoundBrandStroke,
    },
  },
});

export type PanelTab<Value extends string> = {
  value: Value;
  label: ReactNode;
} & Record<`data-${string}`, string>;

type Props<Value extends string> = {
  tabs: readonly PanelTab<NoInfer<Value>>[];
  selected: Value;
  onSelect(value: NoInfer<Value>): void;
  className?: string;
  "aria-label"?: string;
  /** Small (the default) for panels, medium where the tabs head a whole card. */
  size?: "small" | "medium";
};

export function PanelTabs<Value extends string>({
  tabs,
  selected,
  onSelect,
  className,
  "aria-label": label,
  size = "small",
}: Props<Value>) {
  const styles = useStyles();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const to =
      event.key === "ArrowRight"
        ? tabs[(index + 1) % tabs.length]
        : event.key === "ArrowLeft"
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === "Home"
            ? tabs[0]
            : event.key === "End"
              ? tabs.at(-1)
              : undefined;
    if (!to) return;
    event.preventDefault();
    onSelect(to.value);
    list.current?.querySelector<HTMLElement>(`[data-tab-value="${to.value}"]`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={mergeClasses(styles.list, className)}
      onKeyDown={onKeyDown}
    >
      {tabs.map(({ value, label, ...data }) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={value === selected}
          tabIndex={value === selected ? 0 : -1}
          className={mergeClasses(
            styles.tab,
            size === "medium" && styles.medium,
            value === selected && styles.selected,
          )}
          onClick={() => onSelect(value)}
          data-tab-value={value}
          {...data}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
