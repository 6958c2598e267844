/**
 * The selection menu over the reel text (spec sections 1, 4 and 9): external dictionaries in new
 * windows, search again, copy, quote copy and feedback, placed above or below the selection by the
 * 140 px rule. It owns the quote-copy drawer, the feedback drawer and the guest's login prompt.
 */
import {
  MenuDivider,
  MenuItem,
  MenuList,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Portal,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { Reel } from "../../../../contract/canon.ts";
import { charCount, ORIGIN_TEXT_MAX } from "../../../../contract/feedback.ts";
import { tripitakaOf } from "../../../../contract/ids.ts";
import type { SutraCatalog } from "../../../api/reelReader.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useOnline } from "../../../offline/network.ts";
import { lazyPart, WhenWanted } from "../../../ui/lazyPart.tsx";
import type { FeedbackTarget } from "../../feedback/submitFeedback.ts";
import type { CollationView } from "../collationView.ts";
import { copyText } from "./clipboard.ts";
import { type Dictionary, dictionariesFor } from "./dictionaries.ts";
import { selectionText as t } from "./messages.ts";
import { placeMenu } from "./placement.ts";
import { quoteText } from "./quoteText.ts";
import type { ReelSelection } from "./readSelection.ts";
import { useSelectionMenu } from "./useSelectionMenu.ts";

const QuoteCopyDrawer = lazyPart(() => import("./QuoteCopyDrawer.tsx"), "QuoteCopyDrawer");
const FeedbackDrawer = lazyPart(() => import("../../feedback/FeedbackDrawer.tsx"), "FeedbackDrawer", {
  texts: "later",
});
const LoginPrompt = lazyPart(() => import("../../account/LoginPrompt.tsx"), "LoginPrompt");

/** Search keywords are at most 500 characters (spec section 5). */
const KEYWORD_MAX = 500;

const useStyles = makeStyles({
  menu: {
    position: "absolute",
    zIndex: 1000,
    minWidth: "160px",
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
});

type Props = {
  /** The element holding the reel's lines. */
  container: RefObject<HTMLElement | null>;
  reel: Reel | undefined;
  catalog?: SutraCatalog | undefined;
  /** Told when the menu opens and closes, for the screen's other floating parts to wait. */
  onOpenChange?: (open: boolean) => void;
  /** The collation notes of a quotation, when the reel has an apparatus. */
  notes?: CollationView["notes"] | undefined;
};

export function SelectionMenu({ container, reel, catalog, onOpenChange, notes }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { auth, events } = useServices();
  const navigate = useNavigate();
  const menuRef = useRef<HTMLDivElement>(null);
  const [target, close] = useSelectionMenu(container, menuRef, reel);
  const [quote, setQuote] = useState<ReelSelection | null>(null);
  const [feedback, setFeedback] = useState<FeedbackTarget | null>(null);
  const [askLogin, setAskLogin] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  // The dictionaries are other sites: offline they stay in the menu, unavailable.
  const online = useOnline();

  useLayoutEffect(() => {
    const element = menuRef.current;
    setCopyFailed(false);
    if (!target || !element) return;
    const size = { width: element.offsetWidth, height: element.offsetHeight };
    const scroll = { x: window.scrollX, y: window.scrollY };
    const placement = placeMenu(target.rect, size, document.documentElement.clientWidth, scroll);
    element.style.top = `${placement.top}px`;
    element.style.left = `${placement.left}px`;
    element.dataset.side = placement.side;
  }, [target]);

  const open = target !== null && reel !== undefined;
  useEffect(() => {
    onOpenChange?.(open);
  }, [open, onOpenChange]);
  useEffect(() => () => onOpenChange?.(false), [onOpenChange]);

  if (!reel) return null;
  const text = target?.text.trim() ?? "";
  const originText = target ? quoteText(reel, target.slices, { paragraphs: false, punctuation: true }) : "";
  const feedbackAllowed =
    target !== null && target.slices.length > 0 && charCount(originText) <= ORIGIN_TEXT_MAX;

  const openDictionary = (dictionary: Dictionary) => {
    window.open(dictionary.url(text), "_blank", "noopener,noreferrer");
    close();
  };
  const searchAgain = () => {
    const tripitaka = tripitakaOf(reel.reel_uid) ?? "";
    const keyword = Array.from(text).slice(0, KEYWORD_MAX).join("");
    close();
    void navigate({ href: `/${tripitaka}/search?keyword=${encodeURIComponent(keyword)}` });
  };
  const copy = async () => {
    if (await copyText(text)) {
      events.emit("success", i18n._(t.copySuccess));
      close();
    } else {
      setCopyFailed(true);
    }
  };
  const openFeedback = () => {
    if (!target) return;
    close();
    if (!auth.state().signedIn) {
      setAskLogin(true);
      return;
    }
    setFeedback({
      source: "by_reel",
      sutra_uid: reel.sutra_uid,
      reel_uid: reel.reel_uid,
      cids: target.slices.map((slice) => slice.cid),
      origin_text: originText,
    });
  };

  return (
    <>
      {target && (
        <Portal>
          <div ref={menuRef} className={styles.menu} data-selection-menu>
            <MenuList
              aria-label={i18n._(t.menu)}
              // Keeps the reader's selection while a menu item is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onContextMenu={(event) => event.preventDefault()}
            >
              {dictionariesFor(text).map((dictionary) => (
                <MenuItem
                  key={dictionary.id}
                  data-dictionary={dictionary.id}
                  disabled={!online}
                  onClick={() => openDictionary(dictionary)}
                >
                  {i18n._(dictionary.label)}
                </MenuItem>
              ))}
              {text !== "" && (
                <>
                  <MenuDivider />
                  <MenuItem data-action="search" onClick={searchAgain}>
                    {i18n._(t.search)}
                  </MenuItem>
                  <MenuItem data-action="copy" onClick={() => void copy()}>
                    {i18n._(t.copy)}
                  </MenuItem>
                  <MenuItem
                    data-action="quote"
                    onClick={() => {
                      setQuote(target);
                      close();
                    }}
                  >
                    {i18n._(t.quoteCopy)}
                  </MenuItem>
                </>
              )}
              {feedbackAllowed && (
                <MenuItem data-action="feedback" onClick={openFeedback}>
                  {i18n._(t.feedback)}
                </MenuItem>
              )}
            </MenuList>
            {copyFailed && (
              <MessageBar intent="error">
                <MessageBarBody>{i18n._(t.copyFail)}</MessageBarBody>
              </MessageBar>
            )}
          </div>
        </Portal>
      )}
      <WhenWanted wanted={quote !== null}>
        <QuoteCopyDrawer
          reel={reel}
          selection={quote}
          catalog={catalog}
          notes={notes}
          onClose={() => setQuote(null)}
        />
      </WhenWanted>
      <WhenWanted wanted={feedback !== null}>
        <FeedbackDrawer target={feedback} onClose={() => setFeedback(null)} />
      </WhenWanted>
      <WhenWanted wanted={askLogin}>
        <LoginPrompt open={askLogin} onClose={() => setAskLogin(false)} />
      </WhenWanted>
    </>
  );
}
