/**
 * A contents tree (WAI-ARIA tree pattern) for reading screens: each node is a link-like label
 * that does something when chosen and, with children, a toggle that only opens and closes it.
 * Keys: ↑ ↓ move, → opens or goes to the first child, ← closes or goes to the parent, Home/End,
 * Enter or Space chooses. Closed branches render nothing below them, so a sutra's long contents
 * stay cheap. Lighter than Fluent's Tree, whose code (with its checkbox and radio selection) the
 * reel route would otherwise load on every visit.
 */
import { makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { ChevronDownRegular, ChevronRightRegular } from "@fluentui/react-icons";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";

export type OutlineNode = {
  /** Unique in the tree. */
  value: string;
  children: readonly OutlineNode[];
};

const INDENT_PX = 16;

const useStyles = makeStyles({
  group: { display: "block" },
  item: { outlineStyle: "none" },
  row: {
    display: "flex",
    alignItems: "flex-start",
    minHeight: "24px",
    borderRadius: tokens.borderRadiusMedium,
    cursor: "pointer",
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    ":hover": { backgroundColor: tokens.colorSubtleBackgroundHover },
  },
  focused: {
    outlineWidth: tokens.strokeWidthThick,
    outlineStyle: "solid",
    outlineColor: tokens.colorStrokeFocus2,
    outlineOffset: "-2px",
  },
  toggle: {
    flex: "0 0 24px",
    height: "24px",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    color: tokens.colorNeutralForeground3,
    fontSize: "12px",
  },
  label: {
    flex: "1 1 auto",
    minWidth: 0,
    paddingTop: "2px",
    paddingBottom: "2px",
    paddingRight: tokens.spacingHorizontalXS,
  },
});

type Props<Node extends OutlineNode> = {
  nodes: readonly Node[];
  label: string;
  openItems: ReadonlySet<string>;
  onOpenChange(openItems: Set<string>): void;
  onChoose(node: Node): void;
  renderLabel(node: Node): ReactNode;
  /** Data attributes of a node's item (for styling hooks and tests). */
  itemData?(node: Node): Record<`data-${string}`, string>;
  className?: string;
  labelClassName?(node: Node): string | undefined;
} & Record<`data-${string}`, string>;

type Visible<Node> = { node: Node; level: number; parent: Node | null };

function visibleNodes<Node extends OutlineNode>(
  nodes: readonly Node[],
  openItems: ReadonlySet<string>,
  level = 1,
  parent: Node | null = null,
): Visible<Node>[] {
  return nodes.flatMap((node) => [
    { node, level, parent },
    ...(node.children.length > 0 && openItems.has(node.value)
      ? visibleNodes(node.children as readonly Node[], openItems, level + 1, node)
      : []),
  ]);
}

export function OutlineTree<Node extends OutlineNode>(props: Props<Node>) {
  const { nodes, openItems, onOpenChange, onChoose, renderLabel, itemData, labelClassName } = props;
  const styles = useStyles();
  const [active, setActive] = useState<string | null>(null);
  const [focusVisible, setFocusVisible] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const visible = visibleNodes(nodes, openItems);
  const activeValue = visible.some((entry) => entry.node.value === active) ? active : visible[0]?.node.value;

  const setOpen = (value: string, open: boolean) => {
    const next = new Set(openItems);
    if (open) next.add(value);
    else next.delete(value);
    onOpenChange(next);
  };
  const focusItem = (value: string) => {
    setActive(value);
    setFocusVisible(true);
    const item = root.current?.querySelector<HTMLElement>(`[data-outline-value="${CSS.escape(value)}"]`);
    item?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = visible.findIndex((entry) => entry.node.value === activeValue);
    const current = visible[index];
    if (!current) return;
    const { node, parent } = current;
    const branch = node.children.length > 0;
    const isOpen = branch && openItems.has(node.value);
    const move = (to: Visible<Node> | undefined) => to && focusItem(to.node.value);
    switch (event.key) {
      case "ArrowDown":
        move(visible[index + 1]);
        break;
      case "ArrowUp":
        move(visible[index - 1]);
        break;
      case "Home":
        move(visible[0]);
        break;
      case "End":
        move(visible.at(-1));
        break;
      case "ArrowRight":
        if (branch && !isOpen) setOpen(node.value, true);
        else if (isOpen) move(visible[index + 1]);
        break;
      case "ArrowLeft":
        if (isOpen) setOpen(node.value, false);
        else if (parent) focusItem(parent.value);
        break;
      case "Enter":
      case " ":
        onChoose(node);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const render = (list: readonly Node[], level: number): ReactNode =>
    list.map((node) => {
      const branch = node.children.length > 0;
      const isOpen = branch && openItems.has(node.value);
      const Chevron = isOpen ? ChevronDownRegular : ChevronRightRegular;
      return (
        <div
          key={node.value}
          role="treeitem"
          aria-level={level}
          aria-expanded={branch ? isOpen : undefined}
          aria-selected={false}
          tabIndex={node.value === activeValue ? 0 : -1}
          className={styles.item}
          data-outline-value={node.value}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setActive(node.value);
          }}
          onBlur={() => setFocusVisible(false)}
          onClick={(event) => {
            // The innermost item takes the click; its toggle only opens and closes it.
            event.stopPropagation();
            setActive(node.value);
            if ((event.target as HTMLElement).closest("[data-tree-toggle]")) {
              if (branch) setOpen(node.value, !isOpen);
            } else {
              onChoose(node);
            }
          }}
          onKeyDown={onKeyDown}
          {...itemData?.(node)}
        >
          <div
            className={mergeClasses(styles.row, focusVisible && node.value === activeValue && styles.focused)}
            style={{ paddingLeft: `${(level - 1) * INDENT_PX}px` }}
          >
            <span className={styles.toggle} aria-hidden data-tree-toggle={branch ? "" : undefined}>
              {branch && <Chevron />}
            </span>
            <span className={mergeClasses(styles.label, labelClassName?.(node))} data-tree-label>
              {renderLabel(node)}
            </span>
          </div>
          {isOpen && (
            // biome-ignore lint/a11y/useSemanticElements: the tree pattern's group of child items.
            <div role="group" className={styles.group}>
              {render(node.children as readonly Node[], level + 1)}
            </div>
          )}
        </div>
      );
    });

  const data = Object.fromEntries(Object.entries(props).filter(([key]) => key.startsWith("data-")));
  return (
    <div ref={root} role="tree" aria-label={props.label} className={props.className} {...data}>
      {render(nodes, 1)}
    </div>
  );
}
