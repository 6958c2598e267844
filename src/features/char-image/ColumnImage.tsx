/**
 * The column of the scan that holds a char (`char/column/img`), with the char's box drawn over
 * it, fitted to the panel: scaled down to fit, and small columns (of reduced scans) enlarged.
 */
import { makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { CharImageItem } from "../../../contract/charImage.ts";
import { fetchCharColumnImg } from "../../api/charImage.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { charImageText as t } from "./text.ts";

const MAX_HEIGHT = 560;
const MAX_WIDTH = 240;
const MAX_ENLARGE = 3;

const useStyles = makeStyles({
  column: { position: "relative", flexShrink: 0 },
  image: { display: "block", width: "100%", height: "100%" },
  box: {
    position: "absolute",
    boxSizing: "border-box",
    border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
    backgroundColor: "rgba(220, 38, 38, 0.12)",
    pointerEvents: "none",
  },
  none: { color: tokens.colorNeutralForeground3 },
});

export function ColumnImage(props: { tripitakaUid: string; item: CharImageItem }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { item } = props;
  const load = useLoad(`${props.tripitakaUid}:${item.cid}`, (signal) =>
    fetchCharColumnImg(api, props.tripitakaUid, { page_uid: item.puid, char_sn: item.sn }, signal),
  );
  if (load.loading) return <Spinner size="small" />;
  const image = load.data;
  if (!image) return <Text className={styles.none}>{i18n._(t.noColumnImage)}</Text>;
  const scale = Math.min(MAX_HEIGHT / image.h, MAX_WIDTH / image.w, MAX_ENLARGE);
  const box = image.char_pos;
  return (
    <div
      className={styles.column}
      style={{ width: image.w * scale, height: image.h * scale }}
      data-column-image={image.column_uid}
      data-scale={scale}
    >
      <img
        className={styles.image}
        src={image.url}
        alt={tr(i18n, t.columnAlt, { char: item.ot || i18n._(t.noText) })}
      />
      <div
        className={styles.box}
        style={{ left: box.x * scale, top: box.y * scale, width: box.w * scale, height: box.h * scale }}
        data-column-box={item.cid}
        data-box={`${box.x},${box.y},${box.w},${box.h}`}
      />
    </div>
  );
}
