/** The page scan with its toolbar: drawn at the chosen scale and rotation, with char boxes over it. */
import { MessageBar, MessageBarBody, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import type { Page } from "../../../contract/canon.ts";
import { type Box, imageTransform, type Rotation, type Size, screenBox, turnedSize } from "./geometry.ts";
import { ImageToolbar } from "./ImageToolbar.tsx";
import { markFrame } from "./markFrame.ts";
import { pageText as t } from "./messages.ts";
import { fitScale } from "./zoom.ts";

const useStyles = makeStyles({
  pane: {
    display: "flex",
    flexDirection: "column",
    minWidth: 0,
    minHeight: 0,
    flexGrow: 1,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  scroller: {
    position: "relative",
    overflow: "auto",
    flexGrow: 1,
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  stage: { position: "relative", marginLeft: "auto", marginRight: "auto" },
  image: { position: "absolute", left: 0, top: 0, transformOrigin: "0 0", userSelect: "none" },
  box: {
    position: "absolute",
    boxSizing: "border-box",
    ...markFrame,
    pointerEvents: "none",
  },
  cidBox: {
    borderTopColor: tokens.colorPaletteRedBorder2,
    borderBottomColor: tokens.colorPaletteRedBorder2,
    borderLeftColor: tokens.colorPaletteRedBorder2,
    borderRightColor: tokens.colorPaletteRedBorder2,
    backgroundColor: "rgba(220, 40, 40, 0.12)",
  },
  focusBox: {
    borderTopColor: tokens.colorPaletteBlueBorderActive,
    borderBottomColor: tokens.colorPaletteBlueBorderActive,
    borderLeftColor: tokens.colorPaletteBlueBorderActive,
    borderRightColor: tokens.colorPaletteBlueBorderActive,
    backgroundColor: "rgba(40, 110, 220, 0.15)",
  },
  message: { margin: tokens.spacingHorizontalM },
});

export type CharBox = Box & { char_id: string; kind: "cid" | "mark" | "focus" };

type Props = {
  page: Page;
  scale: number;
  onScale(scale: number): void;
  rotation: Rotation;
  onRotate(): void;
  boxes: CharBox[];
  scrollerRef: RefObject<HTMLElement | null>;
  thumbsShown: boolean;
  onThumbs(): void;
  textShown: boolean;
  onText(): void;
};

function useFullScreen(target: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () =>
      setOn(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener("fullscreenchange", update);
    return () => document.removeEventListener("fullscreenchange", update);
  }, [target]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void target.current?.requestFullscreen().catch(() => undefined);
  }, [target]);
  return [on, toggle];
}

export function ImagePane(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { page, scale, rotation } = props;
  const paneRef = useRef<HTMLDivElement>(null);
  const [fullScreen, toggleFullScreen] = useFullScreen(paneRef);
  const [loaded, setLoaded] = useState<{ uid: string; size: Size } | null>(null);
  const natural: Size | null = page.image ?? (loaded?.uid === page.uid ? loaded.size : null);
  const readLimited = !page.allowed && !page.img_url;

  const fit = (side: "width" | "height") => {
    const scroller = props.scrollerRef.current;
    if (!scroller || !natural) return;
    const turned = turnedSize(natural, rotation);
    props.onScale(
      side === "width"
        ? fitScale(scroller.clientWidth - 2, turned.width)
        : fitScale(scroller.clientHeight - 2, turned.height),
    );
  };

  const f = scale / 100;
  const stage = natural ? turnedSize(natural, rotation) : null;

  // A char named by the address (a search hit, a char image) is brought into view once per page.
  const firstCid = props.boxes.find((box) => box.kind === "cid") ?? null;
  const shownCid = useRef<string | null>(null);
  useEffect(() => {
    const scroller = props.scrollerRef.current;
    const key = firstCid ? `${page.uid}|${firstCid.char_id}` : null;
    if (!scroller || !natural || !firstCid || shownCid.current === key) return;
    shownCid.current = key;
    const at = screenBox(firstCid, natural, rotation, scale);
    scroller.scrollTo({
      left: Math.max(0, at.x + at.w / 2 - scroller.clientWidth / 2),
      top: Math.max(0, at.y + at.h / 2 - scroller.clientHeight / 2),
    });
  }, [page.uid, firstCid, natural, rotation, scale, props.scrollerRef]);
  return (
    <div ref={paneRef} className={styles.pane} data-image-pane>
      <ImageToolbar
        scale={scale}
        onScale={props.onScale}
        rotation={rotation}
        onRotate={props.onRotate}
        onFit={fit}
        fullScreen={fullScreen}
        onFullScreen={toggleFullScreen}
        thumbsShown={props.thumbsShown}
        onThumbs={props.onThumbs}
        textShown={props.textShown}
        onText={props.onText}
      />
      <section
        ref={props.scrollerRef}
        className={styles.scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scan larger than its pane scrolls by keyboard only when the pane can take focus
        tabIndex={0}
        aria-label={i18n._(t.imagePane)}
        data-image-scroller
      >
        {readLimited && (
          <MessageBar intent="warning" className={styles.message} data-read-limit>
            <MessageBarBody>{i18n._(t.readLimit)}</MessageBarBody>
          </MessageBar>
        )}
        {!readLimited && !page.img_url && (
          <MessageBar intent="info" className={styles.message} data-no-image>
            <MessageBarBody>{i18n._(t.noImage)}</MessageBarBody>
          </MessageBar>
        )}
        {page.img_url && (
          <div
            className={styles.stage}
            data-stage
            data-scale={scale}
            data-rotation={rotation}
            style={stage ? { width: `${stage.width * f}px`, height: `${stage.height * f}px` } : undefined}
          >
            <img
              key={page.uid}
              src={page.img_url}
              alt={page.uid}
              className={styles.image}
              draggable={false}
              data-page-image
              onLoad={(event) =>
                setLoaded({
                  uid: page.uid,
                  size: {
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  },
                })
              }
              style={
                natural
                  ? {
                      width: `${natural.width * f}px`,
                      height: `${natural.height * f}px`,
                      transform: imageTransform(natural, rotation, scale),
                    }
                  : undefined
              }
            />
            {natural &&
              props.boxes.map((box) => {
                const at = screenBox(box, natural, rotation, scale);
                return (
                  <div
                    key={`${box.kind}:${box.char_id}`}
                    className={mergeClasses(styles.box, box.kind === "cid" ? styles.cidBox : styles.focusBox)}
                    data-char-box={box.char_id}
                    data-box-kind={box.kind}
                    style={{ left: `${at.x}px`, top: `${at.y}px`, width: `${at.w}px`, height: `${at.h}px` }}
                  />
                );
              })}
          </div>
        )}
      </section>
    </div>
  );
}
