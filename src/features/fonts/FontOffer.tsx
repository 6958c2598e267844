/**
 * The "font not installed" tip (spec section 9): shown when the text needed the dynamic font,
 * offering to keep that font on this device (the server has no full font file to download) or to
 * go on with the online font; either answer hides the tip for this tripitaka. It waits while the
 * screen shows something it could cover.
 */
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { dismissFontTip, isFontTipDismissed } from "./fontTip.ts";
import { fontText } from "./messages.ts";
import { type DynamicFont, dynamicFontLoader } from "./useDynamicFont.ts";

// Pinned to the corner of the window: the tip comes once the text is on screen and must not push it.
const useStyles = makeStyles({
  bar: {
    position: "fixed",
    right: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 10,
    maxWidth: "min(520px, calc(100vw - 32px))",
    boxShadow: tokens.shadow16,
  },
});

type Props = {
  font: DynamicFont;
  tripitakaUid: string;
  /** Another floating part of the screen has its turn: the tip stays hidden until it is over. */
  waiting?: boolean;
};

export function FontOffer({ font, tripitakaUid, waiting = false }: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const [dismissedNow, setDismissedNow] = useState<string | null>(null);
  const [keeping, setKeeping] = useState(false);
  const hidden = dismissedNow === tripitakaUid || isFontTipDismissed(window.localStorage, tripitakaUid);
  if (font.missing === 0 || hidden || waiting) return null;

  const dismiss = () => {
    dismissFontTip(window.localStorage, tripitakaUid);
    setDismissedNow(tripitakaUid);
  };
  const keep = async () => {
    setKeeping(true);
    try {
      await dynamicFontLoader(api).keep();
      // Asks the browser not to evict the kept fonts under storage pressure; it may say no.
      await navigator.storage?.persist?.();
      dismiss();
    } catch {
      // Not kept (storage refused): the tip stays so the reader can try again.
    } finally {
      setKeeping(false);
    }
  };

  return (
    <MessageBar intent="info" className={styles.bar} data-font-offer aria-label={i18n._(fontText.tipLabel)}>
      <MessageBarBody>{tr(i18n, fontText.notInstalled, { count: font.missing })}</MessageBarBody>
      <MessageBarActions>
        <Button size="small" disabled={!font.ready || keeping} onClick={() => void keep()} data-font-keep>
          {i18n._(fontText.keep)}
        </Button>
        <Button size="small" appearance="transparent" onClick={dismiss} data-font-dismiss>
          {i18n._(fontText.dismiss)}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
