/**
 * The reader's continuation of a conversation: at most 500 characters and one optional image. It
 * goes through the outbox, so a reply written offline is kept on this device and sent when online;
 * an image needs the network for its upload.
 */
import { Button, Field, makeStyles, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { REPLY_MAX } from "../../../../contract/feedback.ts";
import { uploadWithNewPolicy } from "../../../api/uploads.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useOnline } from "../../../offline/network.ts";
import { FilePicker } from "../../../ui/FilePicker.tsx";
import { MessageLine } from "../../../ui/MessageLine.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { CountedTextarea } from "../../feedback/CountedTextarea.tsx";
import { feedbackText } from "../../feedback/messages.ts";
import { checkFeedbackImage, FEEDBACK_IMAGE_ACCEPT } from "../../feedback/validation.ts";
import { checkReply } from "./feedbackView.ts";
import { myFeedbackText as t } from "./text.ts";

const useStyles = makeStyles({
  actions: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "center" },
});

export function ReplyForm(props: { feedbackId: number; onSent(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api, outbox } = useServices();
  const online = useOnline();
  const [content, setContent] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [imageError, setImageError] = useState<MessageDescriptor | null>(null);
  const [refusal, setRefusal] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState(false);

  const send = async () => {
    const problem = checkReply(content);
    const imageProblem = checkFeedbackImage(image);
    setError(problem);
    setImageError(imageProblem);
    if (problem || imageProblem) return;
    if (image && !online) {
      setRefusal(t.imageNeedsNetwork);
      return;
    }
    setBusy(true);
    setRefusal(null);
    setQueued(false);
    try {
      const attachment = image
        ? await uploadWithNewPolicy(api, "feedback", image, { newName: () => crypto.randomUUID() })
        : null;
      const body = { status: "pending" as const, content: content.trim(), attachment };
      const outcome = await outbox.write((ctx, m) => m.queueFeedbackContinue(ctx, props.feedbackId, body));
      if (outcome.kind === "failed") {
        setRefusal(t.replyFailed);
        return;
      }
      setContent("");
      setImage(null);
      if (outcome.kind === "sent") props.onSent();
      else setQueued(true);
    } catch {
      setRefusal(t.replyFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={stack.m}
      data-reply-form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <CountedTextarea
        label={t.reply}
        required
        name="content"
        value={content}
        max={REPLY_MAX}
        problem={error}
        rows={4}
        placeholder={t.replyPlaceholder}
        onChange={(value) => {
          setContent(value);
          if (error) setError(checkReply(value));
        }}
      />
      <Field
        label={i18n._(feedbackText.image)}
        hint={i18n._(feedbackText.imageHint)}
        validationState={imageError ? "error" : "none"}
        validationMessage={imageError ? i18n._(imageError) : undefined}
      >
        <FilePicker
          name="attachment"
          accept={FEEDBACK_IMAGE_ACCEPT}
          label={feedbackText.chooseImage}
          file={image}
          onChange={(chosen) => {
            setImageError(checkFeedbackImage(chosen));
            setImage(chosen);
          }}
        />
      </Field>
      {queued && (
        <MessageLine intent="info" data-reply-queued>
          {i18n._(t.replyQueued)}
        </MessageLine>
      )}
      {refusal && <MessageLine intent="error">{i18n._(refusal)}</MessageLine>}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={busy} data-reply-send>
          {i18n._(t.send)}
        </Button>
      </div>
    </form>
  );
}
