/**
 * The administrator's reply in the deal drawer: the text (required, at most 500 characters, with
 * its counter) and the status it sets. The reader gets it as a message.
 */
import { Button, Field, makeStyles, Radio, RadioGroup } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { type FeedbackStatus, REPLY_MAX } from "../../../../contract/feedback.ts";
import { replyToFeedback } from "../../../api/adminFeedback.ts";
import { ApiError } from "../../../api/errors.ts";
import { useServices } from "../../../app/shell/services.ts";
import { MessageLine } from "../../../ui/MessageLine.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { CountedTextarea } from "../../feedback/CountedTextarea.tsx";
import {
  checkAdminReply,
  initialReplyStatus,
  isCompleted,
  REPLY_STATUSES,
  type ReplyValues,
  replyBody,
} from "./reply.ts";
import { feedbackStatusText, adminFeedbackText as t } from "./text.ts";

const useStyles = makeStyles({
  actions: { display: "flex", justifyContent: "flex-end" },
});

export function AdminReplyForm(props: { feedbackId: number; current: FeedbackStatus; onSent(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const [values, setValues] = useState<ReplyValues>({
    status: initialReplyStatus(props.current),
    content: "",
  });
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: ReplyValues) => {
    setValues(next);
    if (problem) setProblem(checkAdminReply(next));
  };

  const send = async () => {
    const found = checkAdminReply(values);
    setProblem(found);
    if (found) return;
    setBusy(true);
    setRefusal(null);
    try {
      await replyToFeedback(api, props.feedbackId, replyBody(values));
      setValues((sent) => ({ ...sent, content: "" }));
      props.onSent();
    } catch (error) {
      if (error instanceof ApiError && !error.notified) setRefusal(error.serverMsg || i18n._(t.replyFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={stack.m}
      noValidate
      data-admin-reply-form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {isCompleted(props.current) && (
        <MessageLine intent="info" data-feedback-completed>
          {i18n._(t.completedHint)}
        </MessageLine>
      )}
      <Field label={i18n._(t.replyStatus)} required>
        <RadioGroup
          name="status"
          layout="horizontal"
          value={values.status}
          onChange={(_, data) =>
            change({
              ...values,
              status: REPLY_STATUSES.find((status) => status === data.value) ?? values.status,
            })
          }
        >
          {REPLY_STATUSES.map((status) => (
            <Radio
              key={status}
              value={status}
              label={i18n._(feedbackStatusText[status])}
              data-reply-status={status}
            />
          ))}
        </RadioGroup>
      </Field>
      <CountedTextarea
        label={t.reply}
        required
        name="content"
        value={values.content}
        max={REPLY_MAX}
        problem={problem}
        rows={4}
        placeholder={t.replyPlaceholder}
        onChange={(content) => change({ ...values, content })}
      />
      {refusal && (
        <MessageLine intent="error" data-reply-refused>
          {refusal}
        </MessageLine>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={busy} data-admin-reply-send>
          {i18n._(t.send)}
        </Button>
      </div>
    </form>
  );
}
