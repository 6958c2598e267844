/**
 * The reel screen (spec section 2): the reel catalogue side panel, the header, the tool bar, the
 * reel's text under a loading overlay while a reel loads, the reading guide and the char image on
 * hover. Each part lives in its own module; this one wires them together.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { tripitakaOf } from "../../../contract/ids.ts";
import type { Script } from "../../../contract/names.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { isNotFound } from "../../api/errors.ts";
import { useSetPageSubject } from "../../app/shell/pageSubject.ts";
import { useServices } from "../../app/shell/services.ts";
import { common, reel as reelText } from "../../i18n/messages.ts";
import { fetchReel } from "../../offline/reading/reading.ts";
import { LoadingRing } from "../../ui/LoadingRing.tsx";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useCatalogue } from "../catalogue/CatalogueContext.tsx";
import { useDynamicFont } from "../fonts/useDynamicFont.ts";
import type { CollationView } from "./collationView.ts";
import { floatingTurns } from "./floatingTurns.ts";
import { fontFamilyFor } from "./fontStacks.ts";
import { readerText } from "./messages.ts";
import { matchStarts } from "./quickSearch.ts";
import { ReelHeader } from "./ReelHeader.tsx";
import { ReelSidePanel } from "./ReelSidePanel.tsx";
import { ReelText, shownLines } from "./ReelText.tsx";
import { type Layout, ReelToolbar } from "./ReelToolbar.tsx";
import { type ReadingSettings, textTypeOfScript } from "./readingSettings.ts";
import { reelLoadKey } from "./reelLoad.ts";
import { SelectionKeeper } from "./SelectionKeeper.tsx";
import { useQuickSearch } from "./useQuickSearch.ts";
import { useReaderKeys } from "./useReaderKeys.ts";
import { useReadingGuide } from "./useReadingGuide.ts";
import { useRecordRead } from "./useRecordRead.ts";
import { useSteadyWhilePressed } from "./useSteadyWhilePressed.ts";
import { useSutraInfo } from "./useSutraInfo.ts";
import { useSyncedSettings } from "./useSyncedSettings.ts";
import { useTextReached } from "./useTextReached.ts";

const ReadingGuide = lazyPart(() => import("./ReadingGuide.tsx"), "ReadingGuide");
const FontOffer = lazyPart(() => import("../fonts/FontOffer.tsx"), "FontOffer");
const SelectionMenu = lazyPart(() => import("./selection/SelectionMenu.tsx"), "SelectionMenu");
const ReadingStatus = lazyPart(() => import("../../offline/reading/ReadingStatus.tsx"), "ReadingStatus");
const CharImageHover = lazyPart(() => import("./CharImageHover.tsx"), "CharImageHover");
const Collation = lazyPart(() => import("./collation/Collation.tsx"), "Collation", { texts: "later" });

/** Where the side panel would leave the text too narrow (a phone), it starts closed. */
const roomForSidePanel = (): boolean =>
  typeof window.matchMedia !== "function" || window.matchMedia("(min-width: 720px)").matches;

const useStyles = makeStyles({
  layout: { display: "flex", alignItems: "flex-start", gap: tokens.spacingHorizontalXL },
  main: { flex: "1 1 auto", minWidth: 0 },
  reading: { position: "relative", minHeight: "200px" },
  overlay: {
    position: "absolute",
    inset: 0,
    zIndex: 1,
    display: "flex",
    justifyContent: "center",
    alignItems: "flex-start",
    paddingTop: tokens.spacingVerticalXXXL,
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  spinner: { position: "sticky", top: "40vh" },
  endBar: { display: "flex", gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalL },
});

const scriptOf = (txtType: TxtType): Script | null =>
  txtType === "sim_txt" ? "sim" : txtType === "std_txt" ? "trad" : null;

type Props = { reelUid: string; script: Script; onScript: (script: Script) => void };

export function ReelView({ reelUid, script, onScript }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const [layout, setLayout] = useState<Layout>("horizontal");
  const [panelOpen, setPanelOpen] = useState(roomForSidePanel);
  const [settings, storeSettings] = useSyncedSettings(textTypeOfScript(script));
  const txtType = settings.textType;
  const search = useQuickSearch();
  const changeSettings = (next: ReadingSettings) => {
    storeSettings(next);
    const nextScript = scriptOf(next.textType);
    if (nextScript && nextScript !== script) onScript(nextScript);
  };
  const load = useLoad(reelLoadKey(reelUid, txtType), (signal) => fetchReel(api, reelUid, txtType, signal));
  const reel = load.data;
  // The last reel stays under the loading overlay until the next one arrives.
  const shownReel = load.data ?? (load.loading ? load.latest : undefined);
  const [collation, setCollation] = useState<CollationView>();
  // The apparatus's marks redraw the text: in slices, leaving the page free for input.
  const showCollation = useCallback(
    (next: CollationView | undefined) => startTransition(() => setCollation(next)),
    [],
  );
  const view = collation?.of === shownReel ? collation : undefined;
  const { sutra, catalog } = useSutraInfo(reelUid);
  const tripitakaUid = tripitakaOf(reelUid);
  const textRef = useRef<HTMLDivElement>(null);
  const dynamicFont = useDynamicFont((view?.reel ?? shownReel)?.allText ?? "", tripitakaUid ?? "");
  const fontFamily = `${fontFamilyFor(settings.fontType)}, ${dynamicFont.fontFamily}`;
  const textReached = useTextReached(textRef, shownReel !== undefined);
  const steadyView = useSteadyWhilePressed(textRef, view);
  // Held only over the reel it was made for: another reel arriving is drawn at once.
  const drawnView = steadyView === undefined || steadyView.of === shownReel ? steadyView : view;
  const guide = useReadingGuide({
    done: settings.isGuide,
    ready: reel !== undefined,
    markDone: () => changeSettings({ ...settings, isGuide: true }),
  });
  const [selectionMenuOpen, setSelectionMenuOpen] = useState(false);
  const catalogue = useCatalogue();
  const turns = floatingTurns({ selectionMenuOpen, catalogueOpen: catalogue.open, guide: guide.state.kind });
  function go(uid: string | null | undefined) {
    if (uid) void navigate({ to: "/scroll/$reelUid", params: { reelUid: uid } });
  }
  useRecordRead(reelUid, reel !== undefined && reel.reel_uid === reelUid);
  const matchTotal = useMemo(
    () => (reel ? matchStarts(shownLines(view?.reel ?? reel, settings), search.keyword).total : 0),
    [reel, view, settings, search.keyword],
  );
  useReaderKeys({ nextReel: () => go(reel?.next_reel_uid), lineStep: settings.lineSpacing });

  // An unknown reel goes to /404 (spec section 2).
  useEffect(() => {
    if (isNotFound(load.error)) void navigate({ to: "/404", replace: true });
  }, [load.error, navigate]);

  useSetPageSubject(reel ? `${reel.sutra_name} ${reel.name}` : null);

  return (
    <div className={styles.layout}>
      <ReelSidePanel
        reelUid={reelUid}
        txtType={txtType}
        catalog={catalog}
        open={panelOpen}
        onOpenChange={setPanelOpen}
      />
      <article className={styles.main}>
        <ReelHeader tripitakaUid={tripitakaUid} reel={shownReel} sutra={sutra} script={script} />
        <ReelToolbar
          tripitakaUid={tripitakaUid}
          reel={reel}
          go={go}
          layout={layout}
          onLayout={setLayout}
          settings={settings}
          onSettings={changeSettings}
          onGuide={() => guide.dispatch("open")}
          onShortcuts={() => guide.dispatch("shortcuts")}
          search={search}
          matchTotal={matchTotal}
          more={view?.setting}
        />
        <WhenWanted wanted={load.error !== undefined}>
          <ReadingStatus load={load} onTextType={(textType) => changeSettings({ ...settings, textType })} />
        </WhenWanted>
        <WhenWanted wanted={tripitakaUid !== null && dynamicFont.missing > 0}>
          {tripitakaUid && (
            <FontOffer font={dynamicFont} tripitakaUid={tripitakaUid} waiting={turns.fontNoticeWaits} />
          )}
        </WhenWanted>
        <WhenWanted wanted={shownReel !== undefined}>
          {shownReel && (
            <Collation
              reel={shownReel}
              settings={settings}
              onSettings={changeSettings}
              textRef={textRef}
              vertical={layout === "vertical"}
              onView={showCollation}
            />
          )}
        </WhenWanted>
        <div className={styles.reading} data-guide-target="text" aria-busy={load.loading}>
          <SelectionKeeper container={textRef} drawing={drawnView}>
            {shownReel && (
              <ReelText
                reel={drawnView?.reel ?? shownReel}
                drawLine={drawnView?.line}
                vertical={layout === "vertical"}
                settings={settings}
                fontFamily={fontFamily}
                keyword={search.keyword}
                currentMatch={search.current}
                textRef={textRef}
              />
            )}
          </SelectionKeeper>
          {load.loading && (
            <div className={styles.overlay} data-reel-loading>
              <LoadingRing className={styles.spinner} label={i18n._(common.loading)} />
            </div>
          )}
        </div>
        {reel && (
          <div className={styles.endBar}>
            <Button disabled={!reel.next_reel_uid} onClick={() => go(reel.next_reel_uid)}>
              {i18n._(reelText.nextReel)}
            </Button>
            <Button appearance="subtle" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
              {i18n._(readerText.backToTop)}
            </Button>
          </div>
        )}
      </article>
      <WhenWanted wanted={guide.state.kind !== "closed"}>
        <ReadingGuide guide={guide} waiting={turns.guideWaits} />
      </WhenWanted>
      <WhenWanted wanted={textReached}>
        <SelectionMenu
          container={textRef}
          reel={reel && (view?.reel ?? reel)}
          notes={view?.notes}
          catalog={catalog}
          onOpenChange={setSelectionMenuOpen}
        />
      </WhenWanted>
      <WhenWanted wanted={textReached && settings.charImageShow}>
        {/* Read as another witness, the text no longer matches the scans char for char. */}
        <CharImageHover
          textRef={textRef}
          reel={reel}
          tripitakaUid={tripitakaUid}
          enabled={settings.charImageShow && !view?.witness}
        />
      </WhenWanted>
    </div>
  );
}
