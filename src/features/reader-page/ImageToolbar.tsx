/** The image pane's tools: panes shown, zoom out, scale, zoom in, rotate, fit width or height, full screen. */
import { Button, type ButtonProps, Input, makeStyles, Text, tokens } from "@fluentui/react-components";
import {
  ArrowAutofitHeightRegular,
  ArrowAutofitWidthRegular,
  ArrowRotateClockwiseRegular,
  FullScreenMaximizeRegular,
  FullScreenMinimizeRegular,
  PanelLeftRegular,
  TextDescriptionRegular,
  ZoomInRegular,
  ZoomOutRegular,
} from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { ArrowToolbar, ToolbarLine } from "../../ui/ArrowToolbar.tsx";
import { pageText as t } from "./messages.ts";
import { validScale, zoomIn, zoomOut } from "./zoom.ts";

const useStyles = makeStyles({
  toolbar: { flexWrap: "wrap", paddingLeft: 0, gap: tokens.spacingHorizontalXXS },
  scale: { width: "64px" },
  spacer: { flexGrow: 1 },
});

const ToolbarButton = (props: ButtonProps) => <Button appearance="subtle" size="small" {...props} />;

export type ImageToolbarProps = {
  scale: number;
  onScale(scale: number): void;
  rotation: number;
  onRotate(): void;
  onFit(side: "width" | "height"): void;
  fullScreen: boolean;
  onFullScreen(): void;
  thumbsShown: boolean;
  onThumbs(): void;
  textShown: boolean;
  onText(): void;
};

export function ImageToolbar(props: ImageToolbarProps) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [draft, setDraft] = useState(String(props.scale));
  // A new scale shows in the box in the render that draws it, not in an effect after it, which
  // would overwrite what the reader typed in the meantime.
  const [drawnScale, setDrawnScale] = useState(props.scale);
  if (props.scale !== drawnScale) {
    setDrawnScale(props.scale);
    setDraft(String(props.scale));
  }
  const commit = () => {
    const scale = validScale(draft);
    if (scale === null) setDraft(String(props.scale));
    else props.onScale(scale);
  };
  return (
    <ArrowToolbar className={styles.toolbar} aria-label={i18n._(t.imageToolbar)}>
      <ToolbarButton
        icon={<PanelLeftRegular />}
        aria-pressed={props.thumbsShown}
        appearance={props.thumbsShown ? "primary" : "subtle"}
        data-toggle-thumbs
        onClick={props.onThumbs}
      >
        {i18n._(t.thumbnails)}
      </ToolbarButton>
      <ToolbarLine />
      <ToolbarButton
        icon={<ZoomOutRegular />}
        aria-label={i18n._(t.zoomOut)}
        title={i18n._(t.zoomOut)}
        data-zoom-out
        onClick={() => props.onScale(zoomOut(props.scale))}
      />
      <Input
        className={styles.scale}
        name="scale"
        size="small"
        aria-label={i18n._(t.scale)}
        title={i18n._(t.scale)}
        value={draft}
        contentAfter={<Text size={200}>%</Text>}
        onChange={(_, data) => setDraft(data.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
      />
      <ToolbarButton
        icon={<ZoomInRegular />}
        aria-label={i18n._(t.zoomIn)}
        title={i18n._(t.zoomIn)}
        data-zoom-in
        onClick={() => props.onScale(zoomIn(props.scale))}
      />
      <ToolbarButton
        icon={<ArrowRotateClockwiseRegular />}
        aria-label={i18n._(t.rotate)}
        title={i18n._(t.rotate)}
        data-rotate
        data-rotation={props.rotation}
        onClick={props.onRotate}
      />
      <ToolbarButton
        icon={<ArrowAutofitWidthRegular />}
        aria-label={i18n._(t.fitWidth)}
        title={i18n._(t.fitWidth)}
        data-fit-width
        onClick={() => props.onFit("width")}
      />
      <ToolbarButton
        icon={<ArrowAutofitHeightRegular />}
        aria-label={i18n._(t.fitHeight)}
        title={i18n._(t.fitHeight)}
        data-fit-height
        onClick={() => props.onFit("height")}
      />
      <ToolbarButton
        icon={props.fullScreen ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />}
        aria-label={i18n._(props.fullScreen ? t.exitFullScreen : t.fullScreen)}
        title={i18n._(props.fullScreen ? t.exitFullScreen : t.fullScreen)}
        aria-pressed={props.fullScreen}
        data-full-screen
        onClick={props.onFullScreen}
      />
      <span className={styles.spacer} />
      <ToolbarButton
        icon={<TextDescriptionRegular />}
        aria-pressed={props.textShown}
        appearance={props.textShown ? "primary" : "subtle"}
        data-toggle-text
        onClick={props.onText}
      >
        {i18n._(t.textPane)}
      </ToolbarButton>
    </ArrowToolbar>
  );
}
