/** The header's catalogue button; the drawer (sutra box) loads the first time it opens. */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useCatalogue } from "../../features/catalogue/CatalogueContext.tsx";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { shellText as t } from "./shellMessages.ts";

const CataloguePanel = lazyPart(() => import("./CataloguePanel.tsx"), "CataloguePanel");

const useStyles = makeStyles({
  trigger: { color: tokens.colorNeutralForegroundOnBrand, minWidth: "auto", whiteSpace: "nowrap" },
});

export function CatalogueButton(props: { tripitakaUid: string; title: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { open, show } = useCatalogue();

  return (
    <>
      <Button
        appearance="transparent"
        className={styles.trigger}
        onClick={() => show()}
        data-catalogue-button
      >
        {i18n._(t.catalogue)}
      </Button>
      <WhenWanted wanted={open}>
        <CataloguePanel tripitakaUid={props.tripitakaUid} title={props.title} />
      </WhenWanted>
    </>
  );
}
