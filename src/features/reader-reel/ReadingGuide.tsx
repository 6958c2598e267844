/**
 * The reading guide on screen: a card for the current step anchored beside the part of the screen
 * it explains, with an arrow pointing at it, and, from 1.5 s after the guide opens, a ring around
 * that part with the rest dimmed. The card does not take the focus or block the page: reading and
 * its keys go on around it. While the selection menu is open the step waits, hidden.
 *
 * The card is placed by Fluent's positioning alone, without a Popover: a Popover's surface starts
 * the focus manager, whose hidden bumpers screen readers are told about, for a card that takes no
 * focus anyway.
 */
import {
  Button,
  makeStyles,
  mergeClasses,
  Portal,
  type PositioningImperativeRef,
  type PositioningVirtualElement,
  Text,
  tokens,
  typographyStyles,
  useMergedRefs,
  usePositioning,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { tr } from "../../i18n/translate.ts";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { GUIDE_MARGIN, pinnedPart, placeGuide, type Rect, visiblePart } from "./guidePlacement.ts";
import { guideText as t } from "./messages.ts";
import { GUIDE_HIGHLIGHT_DELAY_MS, GUIDE_STEPS, type GuideTarget, LAST_STEP } from "./readingGuide.ts";
import type { ReadingGuide as GuideModel } from "./useReadingGuide.ts";

const STEP_TEXT: Record<GuideTarget, [MessageDescriptor, MessageDescriptor]> = {
  catalogue: [t.catalogueTitle, t.catalogueBody],
  toolbar: [t.toolbarTitle, t.toolbarBody],
  text: [t.textTitle, t.textBody],
};

/** Narrow enough to sit beside the text over the 256 px side panel. */
const CARD_WIDTH = 272;
/** The arrow's height, as a medium Popover draws it; its square's edge is √2 times that. */
const ARROW_HEIGHT = 8;
const ARROW_EDGE = Math.SQRT2 * ARROW_HEIGHT;

const useStyles = makeStyles({
  card: {
    ...typographyStyles.body1,
    zIndex: 1001,
    width: `${CARD_WIDTH}px`,
    boxSizing: "border-box",
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow28,
  },
  // A square turned so that two of its edges make the point; the placement Fluent writes on the
  // card says which side it sits on.
  arrow: {
    position: "absolute",
    zIndex: -1,
    width: `${ARROW_EDGE}px`,
    height: `${ARROW_EDGE}px`,
    boxSizing: "border-box",
    backgroundColor: "inherit",
    backgroundClip: "content-box",
    borderBottomLeftRadius: tokens.borderRadiusSmall,
    transform: "rotate(var(--guide-arrow-angle)) /* @noflip */",
    ':global([data-popper-placement^="top"])': {
      bottom: `${-ARROW_EDGE / 2}px`,
      "--guide-arrow-angle": "-45deg",
    },
    ':global([data-popper-placement^="right"])': {
      left: `${-ARROW_EDGE / 2}px /* @noflip */`,
      "--guide-arrow-angle": "45deg",
    },
    ':global([data-popper-placement^="bottom"])': {
      top: `${-ARROW_EDGE / 2}px`,
      "--guide-arrow-angle": "135deg",
    },
    ':global([data-popper-placement^="left"])': {
      right: `${-ARROW_EDGE / 2}px /* @noflip */`,
      "--guide-arrow-angle": "225deg",
    },
  },
  counter: { color: tokens.colorNeutralForeground3 },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, justifyContent: "flex-end" },
  skip: { marginRight: "auto" },
  ring: {
    position: "fixed",
    zIndex: 1000,
    pointerEvents: "none",
    borderRadius: tokens.borderRadiusMedium,
    outlineWidth: "3px",
    outlineStyle: "solid",
    outlineColor: tokens.colorBrandStroke1,
    boxShadow: "0 0 0 100vmax rgba(0, 0, 0, 0.4)",
    transitionProperty: "top, left, width, height",
    transitionDuration: tokens.durationNormal,
  },
});

const sameRect = (a: Rect | null, b: Rect | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.top === b.top &&
    a.left === b.left &&
    a.width === b.width &&
    a.height === b.height);

const viewportSize = () => ({ width: window.innerWidth, height: window.innerHeight });

const boxOf = (element: Element | null): Rect | null => {
  const box = element?.getBoundingClientRect();
  return box ? { top: box.top, left: box.left, width: box.width, height: box.height } : null;
};

/**
 * The box of the step's target in the viewport, followed as the page scrolls and lays out. A
 * target wholly out of view when its step begins is scrolled into view first.
 */
function useTargetBox(target: GuideTarget): Rect | null {
  const [box, setBox] = useState<Rect | null>(null);
  useEffect(() => {
    const find = () => document.querySelector(`[data-guide-target="${target}"]`);
    const start = boxOf(find());
    if (start && !visiblePart(start, viewportSize())) find()?.scrollIntoView({ block: "nearest" });
    let frame = 0;
    let last: Rect | null = null;
    const measure = () => {
      const next = boxOf(find());
      if (!sameRect(last, next)) {
        last = next;
        setBox(next);
      }
      frame = window.requestAnimationFrame(measure);
    };
    measure();
    return () => window.cancelAnimationFrame(frame);
  }, [target]);
  return box;
}

/** True from `delayMs` after `on` turns true, until it turns false. */
function useDelayedFlag(on: boolean, delayMs: number): boolean {
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    if (!on) {
      setFlag(false);
      return;
    }
    const timer = window.setTimeout(() => setFlag(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [on, delayMs]);
  return flag;
}

const ShortcutsDialog = lazyPart(() => import("./ShortcutsDialog.tsx"), "ShortcutsDialog");

/** `waiting`: the step stays hidden, keeping its place, while another floating part has its turn. */
export function ReadingGuide({ guide, waiting }: { guide: GuideModel; waiting: boolean }) {
  const { state, dispatch } = guide;
  const step = state.kind === "guide" ? state.step : null;
  return (
    <>
      {step !== null && <GuideStep step={step} dispatch={dispatch} waiting={waiting} />}
      <WhenWanted wanted={state.kind === "shortcuts"}>
        <ShortcutsDialog open={state.kind === "shortcuts"} onClose={() => dispatch("close")} />
      </WhenWanted>
    </>
  );
}

const toClientRect = ({ top, left, width, height }: Rect) => ({
  x: left,
  y: top,
  top,
  left,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

type StepProps = { step: number; dispatch: GuideModel["dispatch"]; waiting: boolean };

function GuideStep({ step, dispatch, waiting }: StepProps) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const titleId = useId();
  const target = GUIDE_STEPS[step] ?? "text";
  const box = useTargetBox(target);
  const viewport = viewportSize();
  const rect = box && visiblePart(box, viewport);
  const highlighted = useDelayedFlag(true, GUIDE_HIGHLIGHT_DELAY_MS);
  const cardRef = useRef<HTMLDivElement>(null);
  const [cardHeight, setCardHeight] = useState(200);
  useEffect(() => {
    const height = cardRef.current?.offsetHeight;
    if (height && height !== cardHeight) setCardHeight(height);
  });
  const placement = placeGuide(
    target,
    box && pinnedPart(box, viewport),
    { width: CARD_WIDTH, height: cardHeight },
    viewport,
  );
  // Fluent places the card against this stand-in for the anchor, and again on every render, as
  // renders follow the target's moves.
  const anchor = useRef(placement.anchor);
  anchor.current = placement.anchor;
  const positioningRef = useRef<PositioningImperativeRef>(null);
  const virtualTarget = useMemo<PositioningVirtualElement>(
    () => ({ getBoundingClientRect: () => toClientRect(anchor.current) }),
    [],
  );
  const { containerRef, arrowRef } = usePositioning({
    target: virtualTarget,
    positioningRef,
    position: placement.side,
    align: placement.align,
    strategy: "fixed",
    overflowBoundaryPadding: GUIDE_MARGIN,
    arrowPadding: 8,
    offset: placement.arrow ? ARROW_HEIGHT : undefined,
    enabled: !waiting,
  });
  const cardRefs = useMergedRefs(cardRef, containerRef);
  useLayoutEffect(() => {
    positioningRef.current?.updatePosition();
  });
  const [title, body] = STEP_TEXT[target];
  const last = step === LAST_STEP;
  return (
    <>
      {highlighted && rect && !waiting && (
        <div
          className={styles.ring}
          style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
          data-guide-highlight={target}
          aria-hidden
        />
      )}
      {!waiting && (
        <Portal>
          <div
            ref={cardRefs}
            role="dialog"
            aria-modal={false}
            aria-labelledby={titleId}
            className={mergeClasses(stack.s, styles.card)}
            data-reading-guide
            data-guide-step={step + 1}
            data-guide-side={placement.side}
          >
            {placement.arrow && <div ref={arrowRef} className={styles.arrow} aria-hidden />}
            <Text size={200} className={styles.counter}>
              {i18n._(t.title)} · {tr(i18n, t.step, { step: step + 1, total: GUIDE_STEPS.length })}
            </Text>
            <Text id={titleId} weight="semibold" size={400}>
              {i18n._(title)}
            </Text>
            <Text>{i18n._(body)}</Text>
            <div className={styles.actions}>
              <Button
                size="small"
                appearance="subtle"
                className={styles.skip}
                onClick={() => dispatch("skip")}
                data-guide-skip
              >
                {i18n._(t.skip)}
              </Button>
              <Button size="small" disabled={step === 0} onClick={() => dispatch("prev")} data-guide-prev>
                {i18n._(t.prev)}
              </Button>
              <Button size="small" appearance="primary" onClick={() => dispatch("next")} data-guide-next>
                {i18n._(last ? t.finish : t.next)}
              </Button>
            </div>
          </div>
        </Portal>
      )}
    </>
  );
}
