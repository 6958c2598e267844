/**
 * Home's commonly used scriptures: three shown, all of them in the commonly-used classics modal
 * (a 24-column grid, each card spanning 8, so three to a row) with a link that opens the
 * catalogue drawer on its search tab.
 */
import { Button, Link, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useRef, useState } from "react";
import type { Sutra } from "../../../contract/canon.ts";
import { type Script, sutraName } from "../../../contract/names.ts";
import { fetchSutraList } from "../../api/canon.ts";
import { fetchCommonSutraUids } from "../../api/catalogue.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { LinkCard } from "../../ui/LinkCard.tsx";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useCatalogue } from "../catalogue/CatalogueContext.tsx";
import { drawerText as d } from "../catalogue/messages.ts";
import { homeText as t } from "./homeMessages.ts";

export const COMMON_SHOWN = 3;
/** The classics modal's grid: 24 columns, each card spanning 8. */
export const GRID_COLUMNS = 24;
export const CARD_SPAN = 8;

const useStyles = makeStyles({
  row: { display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: tokens.spacingHorizontalL },
  grid: {
    display: "grid",
    gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
    gap: tokens.spacingHorizontalM,
  },
  cell: { gridColumnEnd: `span ${CARD_SPAN}`, minWidth: 0 },
  surface: { maxWidth: "min(960px, 100vw)" },
  // The heading's row keeps the height of its "more" button, and the cards' row the height of a
  // card while they load, so the sections below do not move when they arrive.
  head: { display: "flex", justifyContent: "space-between", alignItems: "baseline", minHeight: "32px" },
  pending: { minHeight: "60px" },
});

async function commonSutras(
  api: ReturnType<typeof useServices>["api"],
  tripitakaUid: string,
  signal: AbortSignal,
): Promise<Sutra[]> {
  const uids = await fetchCommonSutraUids(api, tripitakaUid, signal);
  if (uids.length === 0) return [];
  const page = await fetchSutraList(api, tripitakaUid, { sutra_uids: uids, page_size: 100 }, signal);
  const order = new Map(uids.map((uid, index) => [uid, index]));
  return [...page.list].sort((a, b) => (order.get(a.uid) ?? 0) - (order.get(b.uid) ?? 0));
}

function SutraCard(props: { sutra: Sutra; script: Script }) {
  const { i18n } = useLingui();
  const first = props.sutra.reel_uids[0]?.[0];
  return (
    <LinkCard
      heading={sutraName(props.sutra.name, props.script)}
      target={first ? { href: `/scroll/${first}` } : null}
      description={
        <Text size={200}>
          {props.sutra.uid} · {props.sutra.dynasty_author} ·{" "}
          {tr(i18n, t.reels, { count: props.sutra.actual_reel_cnt })}
        </Text>
      }
      data-common-sutra={props.sutra.uid}
    />
  );
}

/** The commonly-used classics modal. */
function ClassicsDialog(props: { sutras: Sutra[]; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { show } = useCatalogue();
  const [open, setOpen] = useState(false);
  // A plain button, and the modal mounted only while open: a DialogTrigger or a closed Dialog would
  // start the focus manager with the home. The focus is taken back to the button by hand.
  const more = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    more.current?.focus();
  };
  return (
    <>
      <Button ref={more} appearance="transparent" data-common-more onClick={() => setOpen(true)}>
        {i18n._(t.commonMore)}
      </Button>
      {open && (
        <ModalDialog
          title={i18n._(t.commonTitle)}
          onClose={close}
          className={styles.surface}
          contentClassName={styles.grid}
          data-classics
          actions={
            <Link
              as="button"
              data-view-all
              onClick={() => {
                setOpen(false);
                show("search");
              }}
            >
              {i18n._(d.viewAll)}
            </Link>
          }
        >
          {props.sutras.map((sutra) => (
            <div key={sutra.uid} className={styles.cell}>
              <SutraCard sutra={sutra} script={props.script} />
            </div>
          ))}
        </ModalDialog>
      )}
    </>
  );
}

export function CommonSutras(props: { tripitakaUid: string; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const load = useLoad(`common:${props.tripitakaUid}`, (signal) =>
    commonSutras(api, props.tripitakaUid, signal),
  );
  const sutras = load.data ?? [];
  return (
    <section>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">
          {i18n._(t.commonTitle)}
        </Text>
        {sutras.length > 0 && <ClassicsDialog sutras={sutras} script={props.script} />}
      </div>
      {load.data && sutras.length === 0 ? (
        <Text>{i18n._(t.commonNone)}</Text>
      ) : (
        <div className={mergeClasses(styles.row, !load.data && styles.pending)}>
          {sutras.slice(0, COMMON_SHOWN).map((sutra) => (
            <SutraCard key={sutra.uid} sutra={sutra} script={props.script} />
          ))}
        </div>
      )}
    </section>
  );
}
