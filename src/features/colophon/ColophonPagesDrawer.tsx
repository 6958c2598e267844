/**
 * The page drawer of a colophon (spec section 2): at the end edge, 45% of the window wide, the scan
 * of the colophon's page with arrows to its other pages when it runs over several, and a link to
 * the page in page reading. A page without a scan says so, and so does a scan past the site's
 * page-image view limit for today.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ChevronLeft24Regular, ChevronRight24Regular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { isForbidden, isNotFound } from "../../api/errors.ts";
import { fetchPageImage } from "../../api/pages.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { SideDrawer } from "../../ui/SideDrawer.tsx";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { pageText } from "../reader-page/messages.ts";
import { colophonText as t } from "./text.ts";

/** 45% of the window, but never narrower than a phone's screen allows. */
export const COLOPHON_DRAWER_WIDTH = "max(45vw, min(360px, 100vw))";

const useStyles = makeStyles({
  pager: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  image: { width: "100%", height: "auto", display: "block" },
});

export function ColophonPagesDrawer(props: { pages: readonly string[]; onClose(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const [at, setAt] = useState(0);
  const page = props.pages[at] ?? "";
  const load = useLoad(page, (signal) => fetchPageImage(api, page, signal));
  const noScan = load.error !== undefined && isNotFound(load.error);
  const readLimited = load.error !== undefined && isForbidden(load.error);

  return (
    <SideDrawer
      open
      width={COLOPHON_DRAWER_WIDTH}
      title={tr(i18n, t.drawerTitle, { page })}
      closeLabel={i18n._(t.drawerClose)}
      onClose={props.onClose}
      data={{ "data-colophon-drawer": page }}
    >
      <div className={stack.m}>
        {props.pages.length > 1 && (
          <div className={styles.pager}>
            <Button
              appearance="subtle"
              icon={<ChevronLeft24Regular />}
              aria-label={i18n._(t.previousPage)}
              disabled={at === 0}
              onClick={() => setAt(at - 1)}
              data-previous-page
            />
            <Text data-page-at={at + 1}>{tr(i18n, t.pageOf, { at: at + 1, count: props.pages.length })}</Text>
            <Button
              appearance="subtle"
              icon={<ChevronRight24Regular />}
              aria-label={i18n._(t.nextPage)}
              disabled={at === props.pages.length - 1}
              onClick={() => setAt(at + 1)}
              data-next-page
            />
          </div>
        )}
        <RouterLink to="/page/$pageUid" params={{ pageUid: page }} data-read-page={page}>
          {i18n._(t.readPage)}
        </RouterLink>
        {noScan ? (
          <Text data-no-scan>{i18n._(t.noScan)}</Text>
        ) : readLimited ? (
          <Text data-read-limit>{i18n._(pageText.readLimit)}</Text>
        ) : (
          <LoadStatus load={load} />
        )}
        {load.data && (
          <img
            className={styles.image}
            src={load.data.url}
            width={load.data.width}
            height={load.data.height}
            alt={tr(i18n, t.imageAlt, { page })}
            data-page-image={page}
          />
        )}
      </div>
    </SideDrawer>
  );
}
