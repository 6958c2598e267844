/** A char's image cut from its scan, fitted into a square; "no image" for a page without a scan. */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { CharImageItem } from "../../../contract/charImage.ts";
import { tr } from "../../i18n/translate.ts";
import { charImageText as t } from "./text.ts";

const useStyles = makeStyles({
  frame: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
    overflow: "hidden",
  },
  /** Scaled to fill the square: the boxes of reduced scans are only a few pixels. */
  image: { width: "100%", height: "100%", objectFit: "contain" },
  none: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function CharPicture(props: { item: CharImageItem; size: number }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { item, size } = props;
  return (
    <span className={styles.frame} style={{ width: size, height: size }} data-char-picture={item.cid}>
      {item.img_url ? (
        <img
          className={styles.image}
          src={item.img_url}
          alt={tr(i18n, t.charAlt, { char: item.ot || i18n._(t.noText) })}
          loading="lazy"
        />
      ) : (
        <Text className={styles.none}>{i18n._(t.noImage)}</Text>
      )}
    </span>
  );
}
