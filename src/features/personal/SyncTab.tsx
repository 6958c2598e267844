/**
 * The personal centre's "waiting to sync" tab: the reader's changes made on this device that the
 * server does not have yet, oldest first, with when they were made, their state and last problem.
 * A failed one can be retried (back in line, sent at once when online) or discarded.
 */
import {
  Button,
  makeStyles,
  mergeClasses,
  TableCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { tr } from "../../i18n/translate.ts";
import { useOnline } from "../../offline/network.ts";
import { useOutbox, useOutboxRecords } from "../../offline/outbox/hooks.ts";
import type { OutboxRecord } from "../../offline/userData/db.ts";
import { ItemTable, RowActions } from "../../ui/ItemTable.tsx";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useShownTime } from "../../ui/useShownTime.ts";
import { type Described, describeError, describeRecord } from "./syncLabels.ts";
import { syncText as t } from "./syncMessages.ts";

const useStyles = makeStyles({
  page: { maxWidth: "960px" },
  bar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

const text = (i18n: I18n, described: Described) => tr(i18n, described.message, described.values);

function StateCell(props: { record: OutboxRecord }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { record } = props;
  if (record.status === "failed") return <Text className={styles.failed}>{i18n._(t.failed)}</Text>;
  if (record.status === "sending") return <Text>{i18n._(t.sending)}</Text>;
  return (
    <Text>
      {i18n._(t.waiting)}
      {record.next_attempt_at > Date.now() &&
        ` · ${tr(i18n, t.nextTry, { time: time.dateTime(record.next_attempt_at) })}`}
    </Text>
  );
}

function RecordRow(props: { record: OutboxRecord }) {
  const { i18n } = useLingui();
  const time = useShownTime();
  const outbox = useOutbox();
  const { record } = props;
  const discard = () => {
    if (window.confirm(i18n._(t.confirmDiscard))) void outbox.discard(record.seq);
  };
  return (
    <TableRow data-outbox-record={record.seq} data-outbox-status={record.status}>
      <TableCell>{text(i18n, describeRecord(record))}</TableCell>
      <TableCell>{time.dateTime(record.created_at)}</TableCell>
      <TableCell>
        <StateCell record={record} />
      </TableCell>
      <TableCell data-outbox-error>
        {record.last_error ? text(i18n, describeError(record.last_error)) : ""}
      </TableCell>
      <TableCell>
        {record.status === "failed" && (
          <RowActions>
            <Button size="small" onClick={() => void outbox.retry(record.seq)} data-outbox-retry>
              {i18n._(t.retry)}
            </Button>
            <Button size="small" onClick={discard} data-outbox-discard>
              {i18n._(t.discard)}
            </Button>
          </RowActions>
        )}
      </TableCell>
    </TableRow>
  );
}

export function SyncTab() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const outbox = useOutbox();
  const online = useOnline();
  const records = useOutboxRecords();
  if (!records) return null;
  return (
    <section className={mergeClasses(stack.m, styles.page)} data-sync-panel>
      <div className={styles.bar}>
        <Text>{i18n._(t.intro)}</Text>
        {online && records.length > 0 && (
          <Button size="small" onClick={() => void outbox.flush()} data-sync-now>
            {i18n._(t.syncNow)}
          </Button>
        )}
      </div>
      {!online && <MessageLine intent="info">{i18n._(t.offline)}</MessageLine>}
      <ItemTable
        items={records}
        columns={[t.change, t.madeAt, t.state, t.problem, t.actions]}
        row={(record) => <RecordRow key={record.seq} record={record} />}
        empty={<Text data-sync-empty>{i18n._(t.empty)}</Text>}
        aria-label={i18n._(t.tab)}
      />
    </section>
  );
}
