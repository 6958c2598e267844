/** The reel reader's keyboard shortcuts, shown after the reading guide and from the settings. */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
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
    <ModalDialog
      open={open}
      title={i18n._(t.shortcutsTitle)}
      onClose={onClose}
      data-shortcuts-dialog
      actions={
        <Button appearance="primary" onClick={onClose}>
          {i18n._(t.gotIt)}
        </Button>
      }
    >
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
    </ModalDialog>
  );
}
