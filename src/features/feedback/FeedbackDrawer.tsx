/**
 * The feedback drawer (spec sections 2, 4, 5, 9): 638 px wide, with the question type, the selected
 * original text, a suggestion with its 500-character counter and one optional image. A sent
 * feedback clears the form and its image, closes the drawer and shows the thanks dialog. Offline,
 * a feedback without an image is kept on this device and sent when online; an image needs the
 * network for its upload, and the drawer says so.
 */
import { Button, Field, makeStyles, Radio, RadioGroup, Textarea, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { QUESTION_TYPES, SUGGESTION_MAX } from "../../../contract/feedback.ts";
import type { Feedback } from "../../../contract/feedback-schemas.ts";
import { uploadWithNewPolicy } from "../../api/uploads.ts";
import { useServices } from "../../app/shell/services.ts";
import { useOnline } from "../../offline/network.ts";
import { queueFeedback } from "../../offline/outbox/mutations.ts";
import { FilePicker } from "../../ui/FilePicker.tsx";
import { MessageLine } from "../../ui/MessageLine.tsx";
import { FEEDBACK_DRAWER_WIDTH, SideDrawer } from "../../ui/SideDrawer.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { FieldError } from "../account/fields.tsx";
import { useFormErrors } from "../account/useFormErrors.ts";
import { CountedTextarea } from "./CountedTextarea.tsx";
import { questionTypeText, feedbackText as t } from "./messages.ts";
import { type FeedbackTarget, submitFeedback } from "./submitFeedback.ts";
import { ThanksDialog } from "./ThanksDialog.tsx";
import {
  checkFeedbackImage,
  checkQuestionType,
  checkSuggestion,
  FEEDBACK_IMAGE_ACCEPT,
  isQuestionType,
} from "./validation.ts";

const useStyles = makeStyles({
  preview: {
    maxWidth: "160px",
    maxHeight: "120px",
    objectFit: "contain",
    borderRadius: tokens.borderRadiusMedium,
  },
  image: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalM },
});

type FormField = "questionType" | "suggestion" | "image";

export function FeedbackDrawer(props: { target: FeedbackTarget | null; onClose(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api, outbox } = useServices();
  const online = useOnline();
  const [questionType, setQuestionType] = useState("");
  const [suggestion, setSuggestion] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<MessageDescriptor | null>(null);
  const [thanks, setThanks] = useState<"sent" | "queued" | null>(null);
  const form = useFormErrors<FormField>();
  const show = (descriptor: MessageDescriptor) => i18n._(descriptor);

  useEffect(() => {
    if (!image || checkFeedbackImage(image)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const clearImage = () => {
    setImage(null);
    form.check("image", null);
  };
  const reset = () => {
    setQuestionType("");
    setSuggestion("");
    clearImage();
    setRefusal(null);
    form.checkAll({});
  };

  const submit = async () => {
    const target = props.target;
    const valid = form.checkAll({
      questionType: checkQuestionType(questionType),
      suggestion: checkSuggestion(suggestion),
      image: checkFeedbackImage(image),
    });
    if (!valid || !target || !isQuestionType(questionType)) return;
    if (image && !online) {
      setRefusal(t.imageNeedsNetwork);
      return;
    }
    setBusy(true);
    setRefusal(null);
    const key = crypto.randomUUID();
    try {
      const outcome = await submitFeedback(
        {
          upload: (file) => uploadWithNewPolicy(api, "feedback", file, { newName: () => key }),
          add: async (body) => {
            const sent = await outbox.write((ctx) => queueFeedback(ctx, body));
            if (sent.kind === "failed") throw new Error(sent.record.last_error?.msg ?? "refused");
            return sent.kind === "sent" ? (sent.result as Feedback) : null;
          },
        },
        target,
        { questionType, suggestion, image },
      );
      if (outcome.kind === "refused") {
        setRefusal(outcome.message);
        return;
      }
      reset();
      setThanks(outcome.kind === "queued" ? "queued" : "sent");
      props.onClose();
    } finally {
      setBusy(false);
    }
  };

  const originText = props.target?.origin_text ?? "";
  return (
    <>
      <SideDrawer
        open={props.target !== null}
        width={FEEDBACK_DRAWER_WIDTH}
        title={i18n._(t.title)}
        closeLabel={i18n._(t.close)}
        onClose={props.onClose}
        data={{ "data-feedback-drawer": true }}
        footer={
          <>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-feedback-submit>
              {i18n._(t.submit)}
            </Button>
            <Button onClick={props.onClose}>{i18n._(t.cancel)}</Button>
          </>
        }
      >
        <form
          className={stack.l}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field label={i18n._(t.questionType)} required {...FieldError(form.errors.questionType, show)}>
            <RadioGroup
              name="question_type"
              layout="horizontal"
              value={questionType}
              onChange={(_, data) => {
                setQuestionType(data.value);
                form.check("questionType", checkQuestionType(data.value));
              }}
            >
              {QUESTION_TYPES.map((type) => (
                <Radio key={type} value={type} label={i18n._(questionTypeText[type])} />
              ))}
            </RadioGroup>
          </Field>
          <Field label={i18n._(t.originText)}>
            <Textarea
              name="origin_text"
              value={originText}
              placeholder={i18n._(t.noOriginText)}
              readOnly
              resize="vertical"
            />
          </Field>
          <CountedTextarea
            label={t.suggestion}
            required
            name="suggestion"
            value={suggestion}
            max={SUGGESTION_MAX}
            problem={form.errors.suggestion}
            rows={6}
            placeholder={t.suggestionPlaceholder}
            onChange={(value) => {
              setSuggestion(value);
              if (form.errors.suggestion) form.check("suggestion", checkSuggestion(value));
            }}
          />
          <Field label={i18n._(t.image)} hint={i18n._(t.imageHint)} {...FieldError(form.errors.image, show)}>
            <div className={styles.image}>
              <FilePicker
                name="attachment"
                accept={FEEDBACK_IMAGE_ACCEPT}
                label={t.chooseImage}
                file={image}
                onChange={(chosen) => {
                  form.check("image", checkFeedbackImage(chosen));
                  setImage(chosen);
                }}
              />
              {preview && <img src={preview} alt="" className={styles.preview} data-feedback-preview />}
              {image && (
                <Button size="small" onClick={clearImage}>
                  {i18n._(t.removeImage)}
                </Button>
              )}
            </div>
          </Field>
          {!online && (
            <MessageLine intent="info" data-feedback-offline>
              {i18n._(t.offlineHint)}
            </MessageLine>
          )}
          {refusal && <MessageLine intent="error">{i18n._(refusal)}</MessageLine>}
        </form>
      </SideDrawer>
      <ThanksDialog open={thanks !== null} queued={thanks === "queued"} onClose={() => setThanks(null)} />
    </>
  );
}
