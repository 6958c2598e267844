/** The scanned image of the char under the pointer, cut from its column image, beside the cursor. */
import { makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { tr } from "../../i18n/translate.ts";
import { charCrop } from "./charHover.ts";
import { charImageText } from "./messages.ts";
import type { HoveredChar } from "./useCharImageHover.ts";

const CROP_SIZE = 96;
const CURSOR_GAP = 16;

const useStyles = makeStyles({
  popup: {
    position: "fixed",
    zIndex: 1002,
    pointerEvents: "none",
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
    paddingLeft: tokens.spacingHorizontalS,
    paddingRight: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow16,
  },
  crop: { backgroundRepeat: "no-repeat" },
});

export function CharImagePopup({ hovered }: { hovered: HoveredChar | null }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  if (!hovered) return null;
  const { image } = hovered;
  const crop = charCrop(image, image.char_pos, CROP_SIZE);
  const left = Math.min(hovered.x + CURSOR_GAP, window.innerWidth - CROP_SIZE - 3 * CURSOR_GAP);
  const top = Math.min(hovered.y + CURSOR_GAP, window.innerHeight - CROP_SIZE - 3 * CURSOR_GAP);
  return (
    <div className={styles.popup} style={{ left, top }} data-char-image={image.column_uid}>
      <div
        role="img"
        aria-label={tr(i18n, charImageText.alt, { char: hovered.char })}
        className={styles.crop}
        style={{ ...crop, backgroundImage: `url("${image.url.replace(/"/g, "%22")}")` }}
      />
    </div>
  );
}
