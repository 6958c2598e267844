/**
 * A feedback's detail and conversation (spec sections 2, 4): the original text, the suggestion,
 * the attachment and every reply, oldest first, an administrator's labelled with the role. Opening
 * it marks the replies read on the server. The reader may continue unless it is completed or refused.
 */
import { Divider, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import type { FeedbackLog } from "../../../../contract/feedback-conversation.ts";
import type { Feedback } from "../../../../contract/feedback-schemas.ts";
import { fetchFeedbackLogs } from "../../../api/feedbackConversation.ts";
import { useServices } from "../../../app/shell/services.ts";
import { MessageLine } from "../../../ui/MessageLine.tsx";
import { FEEDBACK_DRAWER_WIDTH, SideDrawer } from "../../../ui/SideDrawer.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ConversationLog, type LogView } from "../../feedback/conversation/ConversationLog.tsx";
import { FeedbackOriginal } from "../../feedback/conversation/FeedbackOriginal.tsx";
import { feedbackText, questionTypeText } from "../../feedback/messages.ts";
import { StatusBadge } from "../../list-screen/StatusBadge.tsx";
import { KeptStatus } from "../messages/KeptStatus.tsx";
import { canContinue, statusColor } from "./feedbackView.ts";
import { ReplyForm } from "./ReplyForm.tsx";
import { myFeedbackText as t, userStatusText } from "./text.ts";

const useStyles = makeStyles({
  meta: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

/** The reader's view of an entry: their own, or an administrator's labelled with the role. */
const readerView =
  (i18n: I18n, time: ShownTime) =>
  (log: FeedbackLog): LogView => ({
    author: i18n._(log.sender === "reader" ? t.me : t.adminLabel),
    when: time.dateTime(log.deal_at),
    status: {
      value: log.user_status,
      label: i18n._(userStatusText[log.user_status]),
      color: statusColor(log.user_status),
    },
    own: log.sender === "reader",
  });

export function ConversationDrawer(props: { feedback: Feedback; onClose(): void; onRead(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { api, outbox } = useServices();
  const { feedback } = props;
  const onRead = useRef(props.onRead);
  onRead.current = props.onRead;
  const load = useLoad(String(feedback._id), (signal) =>
    outbox.readThrough(`feedbackLogs:${feedback._id}`, () => fetchFeedbackLogs(api, feedback._id, signal)),
  );
  const logs = load.data ?? load.latest;

  useEffect(() => {
    if (load.data) onRead.current();
  }, [load.data]);

  const latestStatus =
    logs?.list.findLast((log) => log.sender === "admin")?.user_status ?? feedback.user_status;
  return (
    <SideDrawer
      open
      width={FEEDBACK_DRAWER_WIDTH}
      title={i18n._(t.detail)}
      closeLabel={i18n._(feedbackText.close)}
      onClose={props.onClose}
      data={{ "data-conversation-drawer": String(feedback._id) }}
    >
      <div className={stack.l}>
        <span className={styles.meta}>
          <StatusBadge
            color={statusColor(latestStatus)}
            label={i18n._(userStatusText[latestStatus])}
            data-status={latestStatus}
          />
          <Text>{i18n._(questionTypeText[feedback.question_type])}</Text>
          <Text size={200}>{time.dateTime(feedback.created_at)}</Text>
        </span>
        <FeedbackOriginal feedback={feedback} attachmentLabel={i18n._(t.attachment)} />
        <Divider />
        <Text weight="semibold">{i18n._(t.conversation)}</Text>
        {!logs && <KeptStatus load={load} />}
        {logs && logs.list.length === 0 && <Text>{i18n._(t.noConversation)}</Text>}
        {logs && logs.list.length > 0 && (
          <ConversationLog
            logs={logs.list}
            view={readerView(i18n, time)}
            attachmentLabel={i18n._(t.attachment)}
          />
        )}
        {logs && canContinue(latestStatus) && <ReplyForm feedbackId={feedback._id} onSent={load.reload} />}
        {logs && !canContinue(latestStatus) && (
          <MessageLine intent="info" data-conversation-closed>
            {i18n._(t.closed)}
          </MessageLine>
        )}
      </div>
    </SideDrawer>
  );
}
