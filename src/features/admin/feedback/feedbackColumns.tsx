/** The columns of the administrator's feedback table, and the row action opening the deal drawer. */
import { Avatar, Link, makeStyles, Text, tokens } from "@fluentui/react-components";
import { AttachRegular } from "@fluentui/react-icons";
import type { I18n } from "@lingui/core";
import type { AdminFeedback } from "../../../../contract/feedback-conversation.ts";
import { tr } from "../../../i18n/translate.ts";
import type { DataColumn } from "../../../ui/DataTable.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { questionTypeText } from "../../feedback/messages.ts";
import { ClippedText } from "../../list-screen/ClippedText.tsx";
import { openColumn } from "../../list-screen/openColumn.tsx";
import { StatusBadge } from "../../list-screen/StatusBadge.tsx";
import { type FeedbackColumnId, feedbackStatusColor, readerPlace } from "./feedbackList.ts";
import { feedbackStatusText, feedbackTypeText, adminFeedbackText as t } from "./text.ts";

type Column = DataColumn<AdminFeedback> & { id: FeedbackColumnId };

const useStyles = makeStyles({
  reader: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center", minWidth: "160px" },
  stack: { display: "flex", flexDirection: "column", minWidth: 0 },
});

/** "username (nickname)", or the username alone when the nickname says the same. */
export function readerName(i18n: I18n, feedback: Pick<AdminFeedback, "user_name" | "nick_name">): string {
  return feedback.nick_name === "" || feedback.nick_name === feedback.user_name
    ? feedback.user_name
    : tr(i18n, t.userWithNickname, { username: feedback.user_name, nickname: feedback.nick_name });
}

function ReaderCell(props: { feedback: AdminFeedback; i18n: I18n }) {
  const styles = useStyles();
  const { feedback, i18n } = props;
  const contact = [feedback.phone, feedback.email]
    .filter((value) => value !== null && value !== "")
    .join(" ");
  return (
    <span className={styles.reader}>
      <Avatar
        size={28}
        name={feedback.nick_name || feedback.user_name}
        image={feedback.avatar ? { src: feedback.avatar } : undefined}
      />
      <span className={styles.stack}>
        <Text data-reader-name>{readerName(i18n, feedback)}</Text>
        {contact !== "" && <Text size={200}>{contact}</Text>}
      </span>
    </span>
  );
}

/** The reel or page the feedback was sent from, opening the reader there in a new tab. */
export function PlaceLink(props: { feedback: AdminFeedback; i18n: I18n }) {
  const place = readerPlace(props.feedback);
  if (!place) return <>{props.feedback.sutra_uid || props.i18n._(t.none)}</>;
  return (
    <Link
      href={place.href}
      target="_blank"
      rel="noreferrer"
      title={tr(props.i18n, t.openPlace, { place: place.label })}
      data-reader-place={place.href}
    >
      {place.label}
    </Link>
  );
}

/** Who dealt with the feedback last, and when. */
export function LastDeal(props: { feedback: AdminFeedback; i18n: I18n }) {
  const { feedback, i18n } = props;
  const time = useShownTime();
  if (feedback.last_deal_at === null) return <>{i18n._(t.none)}</>;
  const name = feedback.last_deal_username ?? String(feedback.last_deal_by ?? "");
  return (
    <span data-last-operator={name}>
      {tr(i18n, t.dealtBy, { name, time: time.dateTime(feedback.last_deal_at) })}
    </span>
  );
}

export function FeedbackStatusBadge(props: { status: AdminFeedback["status"]; i18n: I18n }) {
  return (
    <StatusBadge
      color={feedbackStatusColor(props.status)}
      label={props.i18n._(feedbackStatusText[props.status])}
      data-status={props.status}
    />
  );
}

export function feedbackColumns(i18n: I18n, time: ShownTime): Column[] {
  const none = i18n._(t.none);
  return [
    { id: "reader", label: i18n._(t.reader), render: (row) => <ReaderCell feedback={row} i18n={i18n} /> },
    { id: "place", label: i18n._(t.place), render: (row) => <PlaceLink feedback={row} i18n={i18n} /> },
    {
      id: "types",
      label: i18n._(t.types),
      render: (row) =>
        tr(i18n, t.typesValue, {
          questionType: i18n._(questionTypeText[row.question_type]),
          feedbackType: i18n._(feedbackTypeText[row.feedback_type]),
        }),
    },
    { id: "suggestion", label: i18n._(t.suggestion), render: (row) => <ClippedText text={row.suggestion} /> },
    {
      id: "attachment",
      label: i18n._(t.attachment),
      width: "60px",
      render: (row) =>
        row.attachment ? (
          <AttachRegular role="img" aria-label={i18n._(t.hasAttachment)} data-has-attachment />
        ) : (
          <span title={i18n._(t.noAttachment)}>{none}</span>
        ),
    },
    {
      id: "createdAt",
      label: i18n._(t.createdAt),
      sortKey: "created_at",
      render: (row) => time.dateTime(row.created_at),
    },
    {
      id: "status",
      label: i18n._(t.status),
      width: "90px",
      render: (row) => <FeedbackStatusBadge status={row.status} i18n={i18n} />,
    },
    {
      id: "lastDeal",
      label: i18n._(t.lastDeal),
      render: (row) => <LastDeal feedback={row} i18n={i18n} />,
    },
  ];
}

export function feedbackAction(i18n: I18n, open: (feedbackId: number) => void): DataColumn<AdminFeedback> {
  return openColumn(i18n, open, (row) => ({ text: t.deal, "data-open-feedback": row._id }));
}
