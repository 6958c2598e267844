/**
 * The result list and, when a preview is open, the preview panel beside it with a divider between
 * them: dragged with the pointer or moved with the arrow keys, the result list keeping at least
 * 572 px and the preview 300 px; the split size is kept for the next visit.
 */
import { makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { searchText as t } from "./messages.ts";
import { clampSplit, PREVIEW_MIN_WIDTH, RESULTS_MIN_WIDTH, splitAt } from "./splitSize.ts";
import { useSplitSize } from "./useStoredState.ts";

const HANDLE_WIDTH = 12;
const KEY_STEP = 0.05;

const useStyles = makeStyles({
  split: { flex: "1 1 auto", minWidth: 0, display: "flex", alignItems: "flex-start" },
  results: { flex: "1 1 auto", minWidth: `${RESULTS_MIN_WIDTH}px` },
  preview: { flex: "1 1 0", minWidth: `${PREVIEW_MIN_WIDTH}px`, alignSelf: "stretch" },
  handle: {
    flex: `0 0 ${HANDLE_WIDTH}px`,
    alignSelf: "stretch",
    cursor: "col-resize",
    touchAction: "none",
    display: "flex",
    justifyContent: "center",
    "::after": {
      content: '""',
      width: "2px",
      backgroundColor: tokens.colorNeutralStroke2,
    },
    ":hover::after": { backgroundColor: tokens.colorBrandStroke1 },
    ":focus-visible::after": { backgroundColor: tokens.colorBrandStroke1 },
  },
});

/**
 * The box's width, following resizes, as the browser reports it after laying the page out. It is
 * read at once only when `needed` before that first report (a preview open from the start): the
 * read makes the browser lay the page out in the middle of the screen's first render.
 */
function useWidth(box: RefObject<HTMLDivElement | null>, needed: boolean): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  useLayoutEffect(() => {
    if (needed && width === 0 && box.current) setWidth(box.current.clientWidth);
  }, [needed, width, box]);
  return width;
}

export function SplitView(props: { results: ReactNode; preview: ReactNode | null }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const { split, setSplit, keep } = useSplitSize();
  const available = Math.max(useWidth(box, Boolean(props.preview)) - HANDLE_WIDTH, 0);
  const shown = clampSplit(split, available);

  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !box.current) return;
    setSplit(splitAt(event.clientX, box.current.getBoundingClientRect().left, available));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = clampSplit(shown + (event.key === "ArrowLeft" ? -KEY_STEP : KEY_STEP), available);
    setSplit(next);
    keep(next);
  };

  return (
    <div className={styles.split} ref={box} data-split={props.preview ? shown.toFixed(3) : undefined}>
      <div
        className={styles.results}
        style={
          props.preview && available > 0 ? { flex: `0 0 ${Math.round(shown * available)}px` } : undefined
        }
      >
        {props.results}
      </div>
      {props.preview && (
        <>
          {/* biome-ignore lint/a11y/useSemanticElements: a focusable, draggable divider has no HTML element. */}
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={i18n._(t.resize)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(shown * 100)}
            tabIndex={0}
            className={styles.handle}
            data-split-handle
            onPointerDown={(event) => {
              dragging.current = true;
              event.currentTarget.setPointerCapture(event.pointerId);
            }}
            onPointerMove={move}
            onPointerUp={() => {
              dragging.current = false;
              keep(split);
            }}
            onKeyDown={onKeyDown}
          />
          <div className={styles.preview}>{props.preview}</div>
        </>
      )}
    </div>
  );
}
