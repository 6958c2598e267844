/** Home's recent reading (signed-in readers): four per page with previous and next. */
import { Button, Card, CardHeader, makeStyles, Text, tokens } from "@fluentui/react-components";
import { ChevronLeft24Regular, ChevronRight24Regular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useState, useSyncExternalStore } from "react";
import { parseReelUid } from "../../../contract/ids.ts";
import type { UserOp } from "../../../contract/personal.ts";
import { fetchSutraList } from "../../api/canon.ts";
import { fetchRecentReads } from "../../api/readerData.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { type Script, sutraName } from "../../ui/names.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { homeText as t } from "./homeMessages.ts";

const useStyles = makeStyles({
  head: { display: "flex", alignItems: "center", justifyContent: "space-between" },
  row: { display: "grid", gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: tokens.spacingHorizontalL },
});

type Entry = { op: UserOp; title: string; href: string };

function RecentList(props: { tripitakaUid: string; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const [pageNo, setPageNo] = useState(1);
  const load = useLoad(
    `recent:${props.tripitakaUid}:${pageNo}`,
    async (signal): Promise<{ entries: Entry[]; pageCount: number }> => {
      const page = await fetchRecentReads(api, props.tripitakaUid, pageNo, signal);
      const sutraUids = [
        ...new Set(page.list.flatMap((op) => parseReelUid(op.context.reel_uid ?? "")?.sutraUid ?? [])),
      ];
      const sutras = sutraUids.length
        ? (await fetchSutraList(api, props.tripitakaUid, { sutra_uids: sutraUids, page_size: 10 }, signal))
            .list
        : [];
      const entries = page.list.map((op) => {
        if (op.op_type === "page_read")
          return { op, title: op.context.page_uid ?? "", href: `/page/${op.context.page_uid}` };
        const reelUid = op.context.reel_uid ?? "";
        const id = parseReelUid(reelUid);
        const sutra = sutras.find((s) => s.uid === id?.sutraUid);
        const reelName = sutra?.reel_uids.find(([uid]) => uid === reelUid)?.[1] ?? reelUid;
        const title = sutra ? `${sutraName(sutra.name, props.script)} ${reelName}` : reelUid;
        return { op, title, href: `/scroll/${reelUid}` };
      });
      return { entries, pageCount: page.page_count };
    },
  );
  const data = load.data;
  if (!data || data.entries.length === 0) return null;
  return (
    <section data-recent-reads>
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">
          {i18n._(t.recentTitle)}
        </Text>
        <span>
          <Button
            appearance="subtle"
            icon={<ChevronLeft24Regular />}
            aria-label={i18n._(t.recentPrev)}
            disabled={pageNo <= 1}
            onClick={() => setPageNo((n) => n - 1)}
          />
          <Button
            appearance="subtle"
            icon={<ChevronRight24Regular />}
            aria-label={i18n._(t.recentNext)}
            disabled={pageNo >= data.pageCount}
            onClick={() => setPageNo((n) => n + 1)}
          />
        </span>
      </div>
      <div className={styles.row}>
        {data.entries.map((entry) => (
          <Card
            key={entry.op._id}
            onClick={() => void navigate({ href: entry.href })}
            data-recent-read={entry.op.context.reel_uid ?? entry.op.context.page_uid}
          >
            <CardHeader
              header={<Text weight="semibold">{entry.title}</Text>}
              description={
                <Text size={200}>
                  {tr(i18n, t.recentAt, { time: new Date(entry.op.create_time).toLocaleString(i18n.locale) })}
                </Text>
              }
            />
          </Card>
        ))}
      </div>
    </section>
  );
}

export function RecentReads(props: { tripitakaUid: string; script: Script }) {
  const { auth } = useServices();
  const signedIn = useSyncExternalStore(auth.subscribe, () => auth.state().signedIn);
  return signedIn ? <RecentList {...props} /> : null;
}
