/**
 * Page reading, /page/{page_uid} (spec section 2): the header with the page input, the book's
 * thumbnails and books on the left, the scan in the middle and the page's text on the right. With
 * both side panes hidden the scan fills the window. Feedback takes what is selected in the text
 * pane, else the chars marked there, else those the `cid` query marks.
 */
import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { getRouteApi, useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { isNotFound } from "../../api/errors.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { ScreenHeading } from "../../ui/ScreenHeading.tsx";
import type { FeedbackTarget } from "../feedback/submitFeedback.ts";
import { cidCharIds } from "./cid.ts";
import { type CharBox, ImagePane } from "./ImagePane.tsx";
import { LeftPanel } from "./LeftPanel.tsx";
import { markedChars } from "./marks.ts";
import { pageText as t } from "./messages.ts";
import { PageHeader } from "./PageHeader.tsx";
import { type PagePiece, pageFeedbackTarget } from "./pageFeedback.ts";
import { readPaneSelection } from "./paneSelection.ts";
import { TextPane } from "./TextPane.tsx";
import { usePageData } from "./usePageData.ts";
import { usePageKeys } from "./usePageKeys.ts";
import { usePageView } from "./usePageView.ts";
import { useRecordPageRead } from "./useRecordPageRead.ts";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column" },
  fullView: {
    position: "fixed",
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    zIndex: 100,
    paddingTop: tokens.spacingVerticalS,
    paddingLeft: tokens.spacingHorizontalM,
    paddingRight: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  body: { display: "flex", height: "calc(100vh - 190px)", minHeight: "420px" },
  fullBody: { height: "auto", flexGrow: 1, minHeight: 0 },
  footer: { display: "flex", justifyContent: "center", paddingTop: tokens.spacingVerticalS },
});

const FeedbackDrawer = lazyPart(() => import("../feedback/FeedbackDrawer.tsx"), "FeedbackDrawer", {
  texts: "later",
});
const LoginPrompt = lazyPart(() => import("../account/LoginPrompt.tsx"), "LoginPrompt");

const routeApi = getRouteApi("/page/$pageUid");

/** The `cid` query: char or line ids to mark on the scan. */
function useCidQuery(): string | null {
  return useLocation({
    select: ({ search }) => {
      const cid = (search as Record<string, unknown>).cid;
      return typeof cid === "string" && cid !== "" ? cid : null;
    },
  });
}

export function PageScreen() {
  const { pageUid } = routeApi.useParams();
  const styles = useStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { auth } = useServices();
  const { script } = useScript();
  const txtType = script === "sim" ? "sim_txt" : "std_txt";
  const data = usePageData(pageUid);
  const view = usePageView(pageUid, data.pages);
  const page = data.page.data ?? data.page.latest;
  const shown = page?.uid === pageUid ? page : undefined;
  const scrollerRef = useRef<HTMLElement>(null);
  const textRef = useRef<HTMLElement>(null);
  const [askLogin, setAskLogin] = useState(false);
  const [feedback, setFeedback] = useState<FeedbackTarget | null>(null);
  const cid = useCidQuery();

  useEffect(() => {
    if (isNotFound(data.page.error)) void navigate({ to: "/404", replace: true });
  }, [data.page.error, navigate]);
  useRecordPageRead(pageUid, shown);

  usePageKeys({
    nextPage: view.next,
    prevPage: view.prev,
    move: (dx, dy) => scrollerRef.current?.scrollBy({ left: dx, top: dy }),
    zoom: view.setScale,
  });

  const cidChars = useMemo(
    () => (shown ? cidCharIds(cid, shown.uid, shown.chars) : new Set<string>()),
    [cid, shown],
  );
  const marks = useMemo(() => (shown ? markedChars(shown.chars, view.marked) : []), [shown, view.marked]);
  const markSet = useMemo(() => new Set(marks), [marks]);
  const boxes = useMemo<CharBox[]>(() => {
    if (!shown) return [];
    const marked: CharBox[] = shown.chars
      .filter((c) => cidChars.has(c.char_id) || (markSet.has(c.char_id) && c.char_id !== view.focusChar))
      .map((c) => ({
        char_id: c.char_id,
        x: c.x,
        y: c.y,
        w: c.w,
        h: c.h,
        kind: cidChars.has(c.char_id) ? "cid" : "mark",
      }));
    const focus = shown.chars.find((c) => c.char_id === view.focusChar);
    if (focus)
      marked.push({ char_id: focus.char_id, x: focus.x, y: focus.y, w: focus.w, h: focus.h, kind: "focus" });
    return marked;
  }, [shown, cidChars, markSet, view.focusChar]);

  const toReel = () => {
    if (!auth.state().signedIn) {
      setAskLogin(true);
      return;
    }
    const reelUid = shown?.reel_uids[0];
    if (!shown || !reelUid) {
      view.setWarning(t.noReel);
      return;
    }
    const line = shown.columns.find((c) => c.text.std_txt !== "")?.cid;
    void navigate({ to: "/scroll/$reelUid", params: { reelUid }, search: line ? { cid: line } : {} });
  };

  const openFeedback = () => {
    if (!auth.state().signedIn) {
      setAskLogin(true);
      return;
    }
    if (!shown) return;
    const pane = textRef.current;
    const selected = pane ? readPaneSelection(pane, window.getSelection()) : [];
    const chars =
      marks.length > 0 ? marks : shown.chars.map((c) => c.char_id).filter((id) => cidChars.has(id));
    const pieces: PagePiece[] =
      selected.length > 0 ? selected : chars.map((charId) => ({ kind: "char", charId }));
    setFeedback(pageFeedbackTarget(shown, txtType, pieces));
  };

  const fullView = !view.settings.thumbsShown && !view.settings.textShown;
  return (
    <div
      className={mergeClasses(styles.root, fullView && styles.fullView)}
      data-page-reader
      data-full-view={fullView}
    >
      <ScreenHeading text={`${i18n._(routeTitles.page)} ${pageUid}`} />
      <PageHeader
        current={pageUid}
        pages={data.pages}
        warning={view.warning}
        onWarn={view.setWarning}
        onOpen={view.open}
        onPrev={view.prev}
        onNext={view.next}
        onReel={toReel}
        onFeedback={openFeedback}
      />
      {!shown && <ReadingStatus load={data.page} />}
      {shown && (
        <div className={mergeClasses(styles.body, fullView && styles.fullBody)}>
          {view.settings.thumbsShown && (
            <LeftPanel
              pages={data.pages}
              current={pageUid}
              scanned={data.scanned}
              books={data.books}
              bookUid={data.bookUid}
              onOpenPage={view.open}
            />
          )}
          <ImagePane
            page={shown}
            scale={view.scale}
            onScale={view.setScale}
            rotation={view.rotation}
            onRotate={view.rotate}
            boxes={boxes}
            scrollerRef={scrollerRef}
            thumbsShown={view.settings.thumbsShown}
            onThumbs={view.toggleThumbs}
            textShown={view.settings.textShown}
            onText={view.toggleText}
          />
          {view.settings.textShown && (
            <TextPane
              page={shown}
              txtType={txtType}
              cidChars={cidChars}
              markedChars={markSet}
              focusChar={view.focusChar}
              paneRef={textRef}
              onHover={view.hover}
              onMark={view.mark}
            />
          )}
        </div>
      )}
      {shown && (
        <div className={styles.footer}>
          <Button appearance="primary" data-next-page-bottom onClick={view.next}>
            {i18n._(t.nextPage)}
          </Button>
        </div>
      )}
      <WhenWanted wanted={feedback !== null}>
        <FeedbackDrawer target={feedback} onClose={() => setFeedback(null)} />
      </WhenWanted>
      <WhenWanted wanted={askLogin}>
        <LoginPrompt open={askLogin} onClose={() => setAskLogin(false)} />
      </WhenWanted>
    </div>
  );
}
