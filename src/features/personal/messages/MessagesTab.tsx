/**
 * The personal centre's messages (spec section 2): system and friend messages, newest first, an
 * unread dot on what was new before this view, paging, and delete after a confirmation. Listing a
 * page marks it read on the server, so the unread counts are fetched again after each page. Pages
 * opened online are kept on this device and shown again offline.
 */
import { Badge, Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { Message, MsgType } from "../../../../contract/messages.ts";
import { deleteMessage, fetchMessages } from "../../../api/messages.ts";
import { useServices } from "../../../app/shell/services.ts";
import { Pagination } from "../../../ui/Pagination.tsx";
import { PanelTabs } from "../../../ui/PanelTabs.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { usePageChoice } from "../../../ui/usePageChoice.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { KeptStatus } from "./KeptStatus.tsx";
import { messageView } from "./messageView.ts";
import { TeamQr } from "./TeamQr.tsx";
import { messageText as t } from "./text.ts";
import { useRemindStore } from "./useRemind.ts";

const useStyles = makeStyles({
  page: { maxWidth: "960px" },
  list: { listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  item: {
    display: "grid",
    gridTemplateColumns: "12px 1fr auto",
    gap: tokens.spacingHorizontalM,
    alignItems: "start",
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  dot: {
    width: "8px",
    height: "8px",
    marginTop: "6px",
    borderRadius: "50%",
    backgroundColor: tokens.colorPaletteRedBackground3,
  },
  meta: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center" },
  link: { alignSelf: "flex-start", padding: 0, minWidth: "auto" },
  success: { color: tokens.colorPaletteGreenForeground1 },
  failure: { color: tokens.colorPaletteRedForeground1 },
});

type Filter = "all" | MsgType;

function MessageBody(props: { message: Message }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const view = messageView(i18n, props.message);
  if (view.kind === "decision") {
    return (
      <div className={stack.xs} data-decision={view.status}>
        <Text className={view.status === "approved" ? styles.success : styles.failure} weight="semibold">
          {view.title}
        </Text>
        {view.reason && <Text data-deal-reason>{view.reason}</Text>}
        {view.status === "approved" && <TeamQr />}
      </div>
    );
  }
  return (
    <div className={stack.xs}>
      <Text data-message-content>{view.text}</Text>
      {view.feedbackId !== null && (
        <Button
          appearance="transparent"
          size="small"
          className={styles.link}
          onClick={() => void navigate({ href: "/message?tab=myFeedback" })}
        >
          {i18n._(t.viewFeedback)}
        </Button>
      )}
    </div>
  );
}

export function MessagesTab() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { api, outbox } = useServices();
  const remind = useRemindStore();
  const [filter, setFilter] = useState<Filter>("all");
  const { pageNo, pageSize, setPageNo, choose } = usePageChoice();
  const [removing, setRemoving] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useLoad(`${filter}:${pageNo}:${pageSize}`, (signal) =>
    outbox.readThrough(`messages:${filter}:${pageNo}:${pageSize}`, () =>
      fetchMessages(api, { pageNo, pageSize, ...(filter === "all" ? {} : { msgType: filter }) }, signal),
    ),
  );
  const page = load.data ?? load.latest;

  useEffect(() => {
    if (load.data) void remind.refresh();
  }, [load.data, remind]);

  const confirmDelete = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteMessage(api, removing._id);
      setRemoving(null);
      if (page && page.list.length === 1 && pageNo > 1) setPageNo(pageNo - 1);
      else load.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={mergeClasses(stack.m, styles.page)} data-messages>
      <PanelTabs<Filter>
        tabs={[
          { value: "all", label: i18n._(t.all) },
          { value: "system", label: i18n._(t.system) },
          { value: "friend", label: i18n._(t.friend) },
        ]}
        selected={filter}
        onSelect={(value) => {
          setFilter(value);
          setPageNo(1);
        }}
      />
      {!page && <KeptStatus load={load} />}
      {page && page.list.length === 0 && <Text data-messages-empty>{i18n._(t.empty)}</Text>}
      {page && page.list.length > 0 && (
        <ul className={styles.list}>
          {page.list.map((message) => (
            <li
              key={message._id}
              className={styles.item}
              data-message={message._id}
              data-unread={message.is_read ? undefined : ""}
            >
              {message.is_read ? (
                <span />
              ) : (
                <span className={styles.dot} role="img" aria-label={i18n._(t.unread)} />
              )}
              <div className={stack.xs}>
                <div className={styles.meta}>
                  <Badge appearance="outline" size="small">
                    {i18n._(message.msg_type === "system" ? t.system : t.friend)}
                  </Badge>
                  <Text size={200}>{time.dateTime(message.send_at)}</Text>
                </div>
                <MessageBody message={message} />
              </div>
              <Button
                size="small"
                appearance="subtle"
                onClick={() => setRemoving(message)}
                data-delete-message
              >
                {i18n._(t.remove)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {page && page.total > 0 && (
        <Pagination pageNo={pageNo} pageSize={pageSize} total={page.total} onChange={choose} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={i18n._(t.confirmTitle)}
        body={i18n._(t.confirmDelete)}
        confirm={i18n._(t.remove)}
        cancel={i18n._(t.cancel)}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
