/** The header's catalogue button and the drawer (sutra box) with the current tripitaka's sutras. */
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  tokens,
} from "@fluentui/react-components";
import { Dismiss24Regular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { SutraList } from "../../features/home/SutraList.tsx";
import { common } from "../../i18n/messages.ts";
import { useScript } from "./script.tsx";
import { shellText as t } from "./shellMessages.ts";

const useStyles = makeStyles({
  trigger: { color: tokens.colorNeutralForegroundOnBrand },
  drawer: { width: "min(960px, 100vw)" },
});

export function CatalogueButton(props: { tripitakaUid: string; title: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { script } = useScript();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        appearance="transparent"
        className={styles.trigger}
        onClick={() => setOpen(true)}
        data-catalogue-button
      >
        {i18n._(t.catalogue)}
      </Button>
      <OverlayDrawer
        position="end"
        className={styles.drawer}
        open={open}
        onOpenChange={(_, data) => setOpen(data.open)}
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                icon={<Dismiss24Regular />}
                aria-label={i18n._(common.close)}
                onClick={() => setOpen(false)}
              />
            }
          >
            {props.title}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          {open && <SutraList tripitakaUid={props.tripitakaUid} title={props.title} script={script} />}
        </DrawerBody>
      </OverlayDrawer>
    </>
  );
}
