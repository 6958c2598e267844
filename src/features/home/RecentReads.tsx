/**
 * Home's recent reading (signed-in readers): four per page with previous and next, from the history
 * kept on this device (the server's, refreshed when online, with the reads not yet sent on top).
 * A sutra's name needs the network; offline a read shows its reel or page id. While the list loads,
 * it keeps the room it last took on this device.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { parseReelUid } from "../../../contract/ids.ts";
import { type Script, sutraName } from "../../../contract/names.ts";
import type { UserOp } from "../../../contract/personal.ts";
import { RECENT_READ_PAGE_SIZE } from "../../../contract/personal-rules.ts";
import { fetchSutraList } from "../../api/canon.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { useRecentReadsMirror, useUserId } from "../../offline/outbox/hooks.ts";
import { LinkCard } from "../../ui/LinkCard.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useRememberedHeight } from "../../ui/useRememberedHeight.ts";
import { useShownTime } from "../../ui/useShownTime.ts";
import { homeText as t } from "./homeMessages.ts";
import { SectionHead } from "./SectionHead.tsx";

const useStyles = makeStyles({
  row: { display: "grid", gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gap: tokens.spacingHorizontalL },
});

type Entry = { op: UserOp; title: string; href: string };

function RecentList(props: { tripitakaUid: string; script: Script; userId: number }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { api } = useServices();
  const [pageNo, setPageNo] = useState(1);
  const { reads, refreshed } = useRecentReadsMirror(props.tripitakaUid);
  const kept = useRememberedHeight(`recent-reads:${props.userId}:${props.tripitakaUid}`);
  const settledEmpty = refreshed && reads !== undefined && reads.length === 0;
  const { forget } = kept;
  useEffect(() => {
    if (settledEmpty) forget();
  }, [settledEmpty, forget]);
  const pageCount = Math.ceil((reads?.length ?? 0) / RECENT_READ_PAGE_SIZE);
  const shown = (reads ?? []).slice((pageNo - 1) * RECENT_READ_PAGE_SIZE, pageNo * RECENT_READ_PAGE_SIZE);
  const sutraUids = [
    ...new Set(shown.flatMap((op) => parseReelUid(op.context.reel_uid ?? "")?.sutraUid ?? [])),
  ];
  const names = useLoad(`recent:${props.tripitakaUid}:${sutraUids.join(",")}`, async (signal) =>
    sutraUids.length
      ? (await fetchSutraList(api, props.tripitakaUid, { sutra_uids: sutraUids, page_size: 10 }, signal)).list
      : [],
  );
  const sutras = names.data ?? names.latest ?? [];
  const data = {
    pageCount,
    entries: shown.map((op): Entry => {
      if (op.op_type === "page_read")
        return { op, title: op.context.page_uid ?? "", href: `/page/${op.context.page_uid}` };
      const reelUid = op.context.reel_uid ?? "";
      const id = parseReelUid(reelUid);
      const sutra = sutras.find((s) => s.uid === id?.sutraUid);
      const reelName = sutra?.reel_uids.find(([uid]) => uid === reelUid)?.[1] ?? reelUid;
      const title = sutra ? `${sutraName(sutra.name, props.script)} ${reelName}` : reelUid;
      return { op, title, href: `/scroll/${reelUid}` };
    }),
  };
  if (data.entries.length === 0) {
    // Until the list is known, the room it took last time on this device, so nothing below moves.
    return settledEmpty || kept.remembered === 0 ? null : (
      <div style={{ height: kept.remembered }} aria-hidden data-recent-reads-pending />
    );
  }
  return (
    <section data-recent-reads ref={kept.measure}>
      <SectionHead
        title={i18n._(t.recentTitle)}
        prevLabel={i18n._(t.recentPrev)}
        nextLabel={i18n._(t.recentNext)}
        onPrev={() => setPageNo((n) => n - 1)}
        onNext={() => setPageNo((n) => n + 1)}
        atFirst={pageNo <= 1}
        atLast={pageNo >= data.pageCount}
      />
      <div className={styles.row}>
        {data.entries.map((entry) => (
          <LinkCard
            key={entry.op._id}
            heading={entry.title}
            target={{ href: entry.href }}
            description={
              <Text size={200}>{tr(i18n, t.recentAt, { time: time.dateTime(entry.op.create_time) })}</Text>
            }
            data-recent-read={entry.op.context.reel_uid ?? entry.op.context.page_uid}
          />
        ))}
      </div>
    </section>
  );
}

export function RecentReads(props: { tripitakaUid: string; script: Script }) {
  const userId = useUserId();
  return userId !== null ? <RecentList {...props} userId={userId} /> : null;
}
