/**
 * One feedback in the deal drawer (spec sections 2, 4): what the reader sent (the original text,
 * the suggestion, the image), every detail of it, the whole conversation oldest first (who wrote
 * each entry and when, and the status it set; pending entries show none) and the reply form.
 */
import { Divider, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { AdminFeedback, FeedbackLog } from "../../../../contract/feedback-conversation.ts";
import { fetchAdminFeedback, fetchAdminFeedbackLogs } from "../../../api/adminFeedback.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { LoadStatus } from "../../../ui/Status.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { ConversationLog, type LogView } from "../../feedback/conversation/ConversationLog.tsx";
import { FeedbackOriginal } from "../../feedback/conversation/FeedbackOriginal.tsx";
import { questionTypeText } from "../../feedback/messages.ts";
import { type DetailField, DetailList } from "../../list-screen/DetailList.tsx";
import { DrawerSection, RecordDrawer } from "../../list-screen/RecordDrawer.tsx";
import { AdminReplyForm } from "./AdminReplyForm.tsx";
import { FeedbackStatusBadge, LastDeal, PlaceLink, readerName } from "./feedbackColumns.tsx";
import { feedbackStatusColor } from "./feedbackList.ts";
import { feedbackSourceText, feedbackStatusText, feedbackTypeText, adminFeedbackText as t } from "./text.ts";

const useStyles = makeStyles({
  meta: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

function detailsOf(i18n: I18n, time: ShownTime, feedback: AdminFeedback): DetailField[] {
  const none = i18n._(t.none);
  const or = (value: string | null) => (value === null || value === "" ? none : value);
  return [
    { id: "feedbackId", label: i18n._(t.feedbackId), value: feedback._id },
    { id: "reader", label: i18n._(t.reader), value: readerName(i18n, feedback) },
    { id: "email", label: i18n._(t.email), value: or(feedback.email) },
    { id: "phone", label: i18n._(t.phone), value: or(feedback.phone) },
    {
      id: "feedbackType",
      label: i18n._(t.feedbackType),
      value: i18n._(feedbackTypeText[feedback.feedback_type]),
    },
    {
      id: "questionType",
      label: i18n._(t.questionType),
      value: i18n._(questionTypeText[feedback.question_type]),
    },
    { id: "source", label: i18n._(t.source), value: i18n._(feedbackSourceText[feedback.source]) },
    { id: "sutraUid", label: i18n._(t.sutraUid), value: or(feedback.sutra_uid) },
    { id: "reelUid", label: i18n._(t.reelUid), value: or(feedback.reel_uid) },
    { id: "pageId", label: i18n._(t.pageId), value: or(feedback.page_id) },
    { id: "blockId", label: i18n._(t.blockId), value: or(feedback.block_id) },
    { id: "place", label: i18n._(t.place), value: <PlaceLink feedback={feedback} i18n={i18n} /> },
    { id: "cids", label: i18n._(t.cids), value: feedback.cids.length > 0 ? feedback.cids.join(", ") : none },
    { id: "createdAt", label: i18n._(t.createdAt), value: time.dateTime(feedback.created_at) },
    {
      id: "status",
      label: i18n._(t.status),
      value: <FeedbackStatusBadge status={feedback.status} i18n={i18n} />,
    },
    {
      id: "lastDeal",
      label: i18n._(t.lastDeal),
      value: <LastDeal feedback={feedback} i18n={i18n} />,
    },
  ];
}

/** The administrator's view of an entry: who wrote it (an administrator or the reader) and the status it set. */
const adminView =
  (i18n: I18n, time: ShownTime, feedback: AdminFeedback) =>
  (log: FeedbackLog): LogView => ({
    author:
      log.sender === "admin"
        ? tr(i18n, t.byAdmin, { name: log.deal_username ?? String(log.deal_by ?? "") })
        : tr(i18n, t.byReader, { name: log.deal_username ?? feedback.user_name }),
    when: time.dateTime(log.deal_at),
    status: {
      value: log.status,
      label: i18n._(feedbackStatusText[log.status]),
      color: feedbackStatusColor(log.status),
    },
    own: log.sender === "admin",
  });

export function DealDrawer(props: { feedbackId: number; onClose(): void; onReplied(): void }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { api } = useServices();
  const key = String(props.feedbackId);
  const detailLoad = useLoad(key, (signal) => fetchAdminFeedback(api, props.feedbackId, signal));
  const logsLoad = useLoad(key, (signal) => fetchAdminFeedbackLogs(api, props.feedbackId, signal));
  const logs = logsLoad.data ?? logsLoad.latest;

  const replied = () => {
    detailLoad.reload();
    logsLoad.reload();
    props.onReplied();
  };

  return (
    <RecordDrawer
      title={t.drawerTitle}
      closeLabel={t.close}
      onClose={props.onClose}
      data={{ "data-deal-drawer": key }}
      load={detailLoad}
    >
      {(feedback) => (
        <>
          <span className={styles.meta}>
            <FeedbackStatusBadge status={feedback.status} i18n={i18n} />
            <Text>{i18n._(questionTypeText[feedback.question_type])}</Text>
            <Text size={200}>{time.dateTime(feedback.created_at)}</Text>
          </span>
          <DrawerSection data-feedback-original>
            <FeedbackOriginal feedback={feedback} attachmentLabel={i18n._(t.attachment)} />
          </DrawerSection>
          <Divider />
          <DrawerSection heading={i18n._(t.details)} data-feedback-details>
            <DetailList fields={detailsOf(i18n, time, feedback)} />
          </DrawerSection>
          <Divider />
          <DrawerSection heading={i18n._(t.conversation)}>
            {(!logs || logsLoad.error) && <LoadStatus load={logsLoad} />}
            {logs && logs.length === 0 && <Text>{i18n._(t.noConversation)}</Text>}
            {logs && logs.length > 0 && (
              <ConversationLog
                logs={logs}
                view={adminView(i18n, time, feedback)}
                attachmentLabel={i18n._(t.attachment)}
              />
            )}
          </DrawerSection>
          <AdminReplyForm feedbackId={feedback._id} current={feedback.status} onSent={replied} />
        </>
      )}
    </RecordDrawer>
  );
}
