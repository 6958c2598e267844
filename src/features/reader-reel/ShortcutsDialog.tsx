/** The reel reader's keyboard shortcuts, shown after the reading guide and from the settings. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { guideText as t } from "./messages.ts";

const SHORTCUTS: [MessageDescriptor, MessageDescriptor][] = [
  [t.keyEnter, t.doEnter],
  [t.keyArrows, t.doArrows],
  [t.keySpace, t.doSpace],
  [t.keyShiftSpace, t.doShiftSpace],
  [t.keySearchEnter, t.doSearchEnter],
];

const useStyles = makeStyles({
  list: {
    display: "grid",
    gridTemplateColumns: "auto 1fr",
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  row: { display: "contents" },
  key: {
    fontFamily: tokens.fontFamilyMonospace,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: "nowrap",
  },
  action: { margin: 0 },
});

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={(_, data) => data.open || onClose()}>
      <DialogSurface data-shortcuts-dialog>
        <DialogBody>
          <DialogTitle>{i18n._(t.shortcutsTitle)}</DialogTitle>
          <DialogContent>
            <dl className={styles.list}>
              {SHORTCUTS.map(([key, action]) => (
                <div key={key.id} className={styles.row}>
                  <dt className={styles.key}>
                    <kbd>{i18n._(key)}</kbd>
                  </dt>
                  <dd className={styles.action}>{i18n._(action)}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {i18n._(t.gotIt)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
