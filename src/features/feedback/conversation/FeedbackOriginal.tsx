/** What a feedback is about, as its reader sent it: the selected text, the suggestion and the image. */
import { makeStyles, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { Feedback } from "../../../../contract/feedback-schemas.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { feedbackText } from "../messages.ts";

const useStyles = makeStyles({
  text: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  image: { maxWidth: "100%", maxHeight: "240px", objectFit: "contain", alignSelf: "flex-start" },
});

export function FeedbackOriginal(props: {
  feedback: Pick<Feedback, "origin_text" | "suggestion" | "attachment">;
  attachmentLabel: string;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { feedback } = props;
  return (
    <>
      <div className={stack.xs}>
        <Text weight="semibold">{i18n._(feedbackText.originText)}</Text>
        <Text className={styles.text} data-origin-text>
          {feedback.origin_text || i18n._(feedbackText.noOriginText)}
        </Text>
      </div>
      <div className={stack.xs}>
        <Text weight="semibold">{i18n._(feedbackText.suggestion)}</Text>
        <Text className={styles.text} data-suggestion>
          {feedback.suggestion}
        </Text>
      </div>
      {feedback.attachment && (
        <div className={stack.xs}>
          <Text weight="semibold">{props.attachmentLabel}</Text>
          <a href={feedback.attachment} target="_blank" rel="noreferrer" data-attachment>
            <img src={feedback.attachment} alt={props.attachmentLabel} className={styles.image} />
          </a>
        </div>
      )}
    </>
  );
}
