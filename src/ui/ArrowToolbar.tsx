/**
 * A tool bar (WAI-ARIA `toolbar`) that the arrow keys move through: one tab stop, the control last
 * used; Left and Right go to the previous and next control, round from the ends,
 * Home and End to the first and last. A text box keeps Left and Right for its caret. Fluent's own
 * Toolbar does the same through its focus manager, which is too heavy for the first screen of a
 * reader: this one is a few lines over the DOM.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from "react";

const FOCUSABLE =
  "button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [data-toolbar-item]";

const useStyles = makeStyles({
  toolbar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS, padding: "4px 0" },
  divider: {
    alignSelf: "stretch",
    width: tokens.strokeWidthThin,
    border: "none",
    margin: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    backgroundColor: tokens.colorNeutralStroke2,
  },
});

function itemsOf(toolbar: HTMLElement): HTMLElement[] {
  return Array.from(toolbar.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (item) => !item.closest("[hidden], [aria-hidden='true']") && item.closest("[role='toolbar']") === toolbar,
  );
}

/** Makes `current` the toolbar's one tab stop. */
function rove(items: readonly HTMLElement[], current: HTMLElement | undefined): void {
  const stop = current && items.includes(current) ? current : items[0];
  for (const item of items) item.tabIndex = item === stop ? 0 : -1;
}

const TEXT_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };

type Props = {
  "aria-label": string;
  className?: string;
  children: ReactNode;
} & Record<`data-${string}`, string>;

export function ArrowToolbar({ className, children, ...attributes }: Props) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement>(undefined);

  // Controls come and go (a match count, a disabled button): the tab stop follows after each render.
  useLayoutEffect(() => {
    if (ref.current) rove(itemsOf(ref.current), current.current);
  });

  const onFocus = (event: { target: EventTarget }) => {
    if (!ref.current || !(event.target instanceof HTMLElement)) return;
    const items = itemsOf(ref.current);
    if (!items.includes(event.target)) return;
    current.current = event.target;
    rove(items, event.target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const toolbar = ref.current;
    const target = event.target;
    if (!toolbar || !(target instanceof HTMLElement) || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const inText = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
    if (inText && TEXT_KEYS.has(event.key)) return;
    const items = itemsOf(toolbar);
    const at = items.indexOf(target);
    if (at < 0 || items.length === 0) return;
    let next: number;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else if (event.key in STEPS) next = (at + (STEPS[event.key] as number) + items.length) % items.length;
    else return;
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <div
      {...attributes}
      ref={ref}
      role="toolbar"
      aria-orientation="horizontal"
      className={mergeClasses(styles.toolbar, className)}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

/** A thin vertical line between groups of a tool bar's controls. */
export function ToolbarLine() {
  const styles = useStyles();
  return <hr className={styles.divider} aria-orientation="vertical" />;
}
