/**
 * The frame of the app's side drawers (catalogue, quote copy, feedback, conversation, the admin
 * screens' details): an overlay at the end edge with a title, a close button, a scrolling body and
 * an optional footer.
 */
import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
} from "@fluentui/react-components";
import { Dismiss24Regular } from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useWantedOnce } from "./lazyPart.tsx";

/** Spec section 9: the feedback drawer, and the conversation drawer that continues it, are 638 px wide. */
export const FEEDBACK_DRAWER_WIDTH = 638;
/** Spec section 2: the admin screens' detail drawers are about 60-80 vw wide, at most 900 px. */
export const ADMIN_DRAWER_WIDTH = "min(max(70vw, 640px), 80vw, 900px)";

const useStyles = makeStyles({
  drawer: { maxWidth: "100vw" },
});

export function SideDrawer(props: {
  open: boolean;
  /** Laid-out width: px (capped by the window's width), or a CSS width such as `min(70vw, 900px)`. */
  width: number | string;
  title: ReactNode;
  closeLabel: string;
  onClose(): void;
  footer?: ReactNode;
  bodyClassName?: string;
  children: ReactNode;
  /** Data attributes that name the drawer for tests and styles. */
  data?: Record<`data-${string}`, string | boolean>;
}) {
  const styles = useStyles();
  // A drawer that was never opened is not mounted: a closed Fluent drawer still starts the focus
  // manager, whose hidden bumpers screen readers are told about. Once opened, it stays mounted
  // so that its closing slides out.
  const opened = useWantedOnce(props.open);
  if (!opened) return null;
  return (
    <OverlayDrawer
      position="end"
      className={styles.drawer}
      style={{ width: typeof props.width === "number" ? `min(${props.width}px, 100vw)` : props.width }}
      open={props.open}
      onOpenChange={(_, data) => !data.open && props.onClose()}
      {...props.data}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<Dismiss24Regular />}
              aria-label={props.closeLabel}
              onClick={props.onClose}
            />
          }
        >
          {props.title}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={props.bodyClassName}>{props.children}</DrawerBody>
      {props.footer && <DrawerFooter>{props.footer}</DrawerFooter>}
    </OverlayDrawer>
  );
}
