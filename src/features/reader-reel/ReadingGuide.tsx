/**
 * The reading guide on screen: a card for the current step beside the part of the screen it
 * explains, and, from 1.5 s after the guide opens, a ring around that part with the rest dimmed.
 * The card does not take the focus or block the page: reading and its keys go on around it.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef, useState } from "react";
import { tr } from "../../i18n/translate.ts";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { guideText as t } from "./messages.ts";
import {
  GUIDE_HIGHLIGHT_DELAY_MS,
  GUIDE_STEPS,
  type GuideTarget,
  LAST_STEP,
  placeCard,
  type Rect,
  visiblePart,
} from "./readingGuide.ts";
import type { ReadingGuide as GuideModel } from "./useReadingGuide.ts";

const STEP_TEXT: Record<GuideTarget, [MessageDescriptor, MessageDescriptor]> = {
  catalogue: [t.catalogueTitle, t.catalogueBody],
  toolbar: [t.toolbarTitle, t.toolbarBody],
  text: [t.textTitle, t.textBody],
};

const CARD_WIDTH = 320;

const useStyles = makeStyles({
  card: {
    position: "fixed",
    zIndex: 1001,
    width: `${CARD_WIDTH}px`,
    boxSizing: "border-box",
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalL,
    paddingBottom: tokens.spacingVerticalL,
    paddingLeft: tokens.spacingHorizontalL,
    paddingRight: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow28,
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

/** The visible part of the step's target, followed as the page scrolls and lays out. */
function useTargetRect(target: GuideTarget | null): Rect | null {
  const [rect, setRect] = useState<Rect | null>(null);
  useEffect(() => {
    if (!target) {
      setRect(null);
      return;
    }
    let frame = 0;
    let last: Rect | null = null;
    const measure = () => {
      const element = document.querySelector(`[data-guide-target="${target}"]`);
      const box = element?.getBoundingClientRect();
      const next = box
        ? visiblePart(
            { top: box.top, left: box.left, width: box.width, height: box.height },
            { width: window.innerWidth, height: window.innerHeight },
          )
        : null;
      if (!sameRect(last, next)) {
        last = next;
        setRect(next);
      }
      frame = window.requestAnimationFrame(measure);
    };
    measure();
    return () => window.cancelAnimationFrame(frame);
  }, [target]);
  return rect;
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

export function ReadingGuide({ guide }: { guide: GuideModel }) {
  const { state, dispatch } = guide;
  const step = state.kind === "guide" ? state.step : null;
  return (
    <>
      {step !== null && <GuideStep step={step} dispatch={dispatch} />}
      <WhenWanted wanted={state.kind === "shortcuts"}>
        <ShortcutsDialog open={state.kind === "shortcuts"} onClose={() => dispatch("close")} />
      </WhenWanted>
    </>
  );
}

function GuideStep({ step, dispatch }: { step: number; dispatch: GuideModel["dispatch"] }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const titleId = useId();
  const target = GUIDE_STEPS[step] ?? "text";
  const rect = useTargetRect(target);
  const highlighted = useDelayedFlag(true, GUIDE_HIGHLIGHT_DELAY_MS);
  const cardRef = useRef<HTMLDivElement>(null);
  const [cardHeight, setCardHeight] = useState(200);
  useEffect(() => {
    const height = cardRef.current?.offsetHeight;
    if (height && height !== cardHeight) setCardHeight(height);
  });
  const position = placeCard(
    rect,
    { width: CARD_WIDTH, height: cardHeight },
    { width: window.innerWidth, height: window.innerHeight },
  );
  const [title, body] = STEP_TEXT[target];
  const last = step === LAST_STEP;
  return (
    <>
      {highlighted && rect && (
        <div
          className={styles.ring}
          style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
          data-guide-highlight={target}
          aria-hidden
        />
      )}
      <div
        ref={cardRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        className={styles.card}
        style={{ top: position.top, left: position.left }}
        data-reading-guide
        data-guide-step={step + 1}
      >
        <Text size={200} className={styles.counter}>
          {i18n._(t.title)} · {tr(i18n, t.step, { step: step + 1, total: GUIDE_STEPS.length })}
        </Text>
        <Text id={titleId} weight="semibold" size={400}>
          {i18n._(title)}
        </Text>
        <Text>{i18n._(body)}</Text>
        <div className={styles.actions}>
          <Button
            appearance="subtle"
            className={styles.skip}
            onClick={() => dispatch("skip")}
            data-guide-skip
          >
            {i18n._(t.skip)}
          </Button>
          <Button disabled={step === 0} onClick={() => dispatch("prev")} data-guide-prev>
            {i18n._(t.prev)}
          </Button>
          <Button appearance="primary" onClick={() => dispatch("next")} data-guide-next>
            {i18n._(last ? t.finish : t.next)}
          </Button>
        </div>
      </div>
    </>
  );
}
