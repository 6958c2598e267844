/**
 * The state of page reading that is not data: scale, rotation and panes (kept on the device),
 * the focused char, the chars marked in the text pane, the warning, and moving between pages
 * (arrows and keys at most once a second).
 */
import type { MessageDescriptor } from "@lingui/core";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { windowWidthStep } from "../../ui/useWindowWidth.ts";
import { nextRotation, type Rotation } from "./geometry.ts";
import { type CharMarks, nextMarks } from "./marks.ts";
import { pageText as t } from "./messages.ts";
import {
  ALL_PANES_MIN_WIDTH,
  loadPageSettings,
  type PageSettings,
  savePageSettings,
} from "./pageSettings.ts";
import { createThrottle, PAGE_TURN_THROTTLE_MS } from "./throttle.ts";

export function usePageView(pageUid: string, pages: readonly string[]) {
  const navigate = useNavigate();
  const [settings, setSettings] = useState<PageSettings>(() =>
    loadPageSettings(window.localStorage, windowWidthStep(window, [ALL_PANES_MIN_WIDTH])),
  );
  const [rotation, setRotation] = useState<Rotation>(0);
  const [warning, setWarning] = useState<MessageDescriptor | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [marked, setMarked] = useState<CharMarks | null>(null);
  const pageTurn = useMemo(() => createThrottle(PAGE_TURN_THROTTLE_MS, () => Date.now()), []);
  const latestPages = useRef(pages);
  latestPages.current = pages;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page clears what belonged to the last one.
  useEffect(() => {
    setWarning(null);
    setHovered(null);
    setMarked(null);
  }, [pageUid]);

  const change = useCallback((patch: Partial<PageSettings>) => {
    setSettings((prev) => {
      const next = { ...prev, ...patch };
      savePageSettings(window.localStorage, next);
      return next;
    });
  }, []);

  const open = useCallback(
    (uid: string) => {
      setWarning(null);
      void navigate({ to: "/page/$pageUid", params: { pageUid: uid } });
    },
    [navigate],
  );

  /** One page back or on; past the first or last page warns that the page does not exist. */
  const turn = useCallback(
    (step: -1 | 1) => {
      if (!pageTurn()) return;
      const list = latestPages.current;
      const target = list[list.indexOf(pageUid) + step];
      if (list.indexOf(pageUid) < 0 || target === undefined) setWarning(t.noSuchPage);
      else open(target);
    },
    [pageTurn, pageUid, open],
  );

  return {
    settings,
    scale: settings.scale,
    setScale: (scale: number) => change({ scale }),
    toggleThumbs: () => change({ thumbsShown: !settings.thumbsShown }),
    toggleText: () => change({ textShown: !settings.textShown }),
    rotation,
    rotate: () => setRotation(nextRotation),
    warning,
    setWarning,
    focusChar: hovered ?? marked?.focus ?? null,
    hover: setHovered,
    marked,
    mark: (charId: string, extend: boolean) => setMarked((prev) => nextMarks(prev, charId, extend)),
    open,
    prev: () => turn(-1),
    next: () => turn(1),
  };
}
