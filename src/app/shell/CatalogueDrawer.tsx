/** The header's catalogue button and the drawer (sutra box) with the current tripitaka's sutras. */
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  Tab,
  TabList,
  tokens,
} from "@fluentui/react-components";
import { Dismiss24Regular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { GroupPanel } from "../../features/catalogue/GroupPanel.tsx";
import { groupText } from "../../features/catalogue/messages.ts";
import { useSutraGroups } from "../../features/catalogue/useSutraGroups.ts";
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
        <DrawerBody>{open && <CatalogueContent {...props} />}</DrawerBody>
      </OverlayDrawer>
    </>
  );
}

/** The drawer's tabs, mounted only while it is open: the sutra list, and the reader's groups. */
function CatalogueContent(props: { tripitakaUid: string; title: string }) {
  const { i18n } = useLingui();
  const { script } = useScript();
  const [tab, setTab] = useState<"catalogue" | "groups">("catalogue");
  const groups = useSutraGroups(props.tripitakaUid);
  return (
    <>
      {groups.signedIn && (
        <TabList
          selectedValue={tab}
          onTabSelect={(_, data) => setTab(data.value === "groups" ? "groups" : "catalogue")}
        >
          <Tab value="catalogue">{i18n._(groupText.catalogueTab)}</Tab>
          <Tab value="groups">{i18n._(groupText.groupsTab)}</Tab>
        </TabList>
      )}
      {tab === "groups" && groups.signedIn ? (
        <GroupPanel tripitakaUid={props.tripitakaUid} state={groups} />
      ) : (
        <SutraList tripitakaUid={props.tripitakaUid} title={props.title} script={script} />
      )}
    </>
  );
}
