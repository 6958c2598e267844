/** Home's commonly used scriptures: three shown, the rest in a "see more" dialog. */
import {
  Button,
  Card,
  CardHeader,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import type { Sutra } from "../../../contract/canon.ts";
import { fetchSutraList } from "../../api/canon.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { type Script, sutraName } from "../../ui/names.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { homeText as t } from "./homeMessages.ts";

export const COMMON_SHOWN = 3;

const useStyles = makeStyles({
  row: { display: "grid", gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: tokens.spacingHorizontalL },
  list: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  head: { display: "flex", justifyContent: "space-between", alignItems: "baseline" },
});

async function commonSutras(
  api: ReturnType<typeof useServices>["api"],
  tripitakaUid: string,
): Promise<Sutra[]> {
  const path = `tripitaka/${encodeURIComponent(tripitakaUid)}/common_sutra_uids`;
  const uids = await api.getResult(z.array(z.string()), api.http.get(path));
  if (uids.length === 0) return [];
  const page = await fetchSutraList(api, tripitakaUid, { sutra_uids: uids, page_size: 100 });
  const order = new Map(uids.map((uid, index) => [uid, index]));
  return [...page.list].sort((a, b) => (order.get(a.uid) ?? 0) - (order.get(b.uid) ?? 0));
}

function SutraCard(props: { sutra: Sutra; script: Script }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const first = props.sutra.reel_uids[0]?.[0];
  return (
    <Card
      onClick={() => first && void navigate({ to: "/scroll/$reelUid", params: { reelUid: first } })}
      data-common-sutra={props.sutra.uid}
    >
      <CardHeader
        header={<Text weight="semibold">{sutraName(props.sutra.name, props.script)}</Text>}
        description={
          <Text size={200}>
            {props.sutra.uid} · {props.sutra.dynasty_author} ·{" "}
            {tr(i18n, t.reels, { count: props.sutra.actual_reel_cnt })}
          </Text>
        }
      />
    </Card>
  );
}

export function CommonSutras(props: { tripitakaUid: string; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const load = useLoad(`common:${props.tripitakaUid}`, () => commonSutras(api, props.tripitakaUid));
  const sutras = load.data ?? [];
  return (
    <section>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">
          {i18n._(t.commonTitle)}
        </Text>
        {sutras.length > COMMON_SHOWN && (
          <Dialog>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="transparent">{i18n._(t.commonMore)}</Button>
            </DialogTrigger>
            <DialogSurface>
              <DialogBody>
                <DialogTitle>{i18n._(t.commonTitle)}</DialogTitle>
                <DialogContent className={styles.list}>
                  {sutras.map((sutra) => (
                    <SutraCard key={sutra.uid} sutra={sutra} script={props.script} />
                  ))}
                </DialogContent>
              </DialogBody>
            </DialogSurface>
          </Dialog>
        )}
      </div>
      {load.data && sutras.length === 0 ? (
        <Text>{i18n._(t.commonNone)}</Text>
      ) : (
        <div className={styles.row}>
          {sutras.slice(0, COMMON_SHOWN).map((sutra) => (
            <SutraCard key={sutra.uid} sutra={sutra} script={props.script} />
          ))}
        </div>
      )}
    </section>
  );
}
