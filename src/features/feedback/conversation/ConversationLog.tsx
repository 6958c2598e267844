/**
 * A feedback's conversation, oldest first: who wrote each entry and when, its text and image, and
 * the status it set (none for pending entries). The reader's drawer and the administrator's deal
 * drawer say who and which status in their own terms.
 */
import { Badge, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import type { FeedbackLog } from "../../../../contract/feedback-conversation.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { type StatusColor, showsLogStatus } from "./conversationView.ts";

const useStyles = makeStyles({
  logs: { listStyle: "none", margin: 0, padding: 0 },
  log: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  own: { backgroundColor: tokens.colorBrandBackground2 },
  meta: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  text: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  image: { maxWidth: "100%", maxHeight: "240px", objectFit: "contain", alignSelf: "flex-start" },
});

/** How one entry shows to the viewer. */
export type LogView = {
  author: string;
  when: string;
  /** The status as the viewer names it (shown only for entries that set one). */
  status: { value: string; label: string; color: StatusColor };
  /** Written by the viewer's side (highlighted). */
  own: boolean;
};

export function ConversationLog(props: {
  logs: readonly FeedbackLog[];
  view(log: FeedbackLog): LogView;
  attachmentLabel: string;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  return (
    <ol className={mergeClasses(stack.m, styles.logs)} data-conversation-log>
      {props.logs.map((log) => {
        const view = props.view(log);
        return (
          <li
            key={log._id}
            className={mergeClasses(stack.xs, styles.log, view.own && styles.own)}
            data-log={log.sender}
            data-log-id={log._id}
            data-log-by={log.deal_username ?? undefined}
          >
            <span className={styles.meta}>
              <Text weight="semibold" data-log-author>
                {view.author}
              </Text>
              <Text size={200}>{view.when}</Text>
              {showsLogStatus(log) && (
                <Badge
                  appearance="tint"
                  size="small"
                  color={view.status.color}
                  data-log-status={view.status.value}
                >
                  {view.status.label}
                </Badge>
              )}
            </span>
            <Text className={styles.text}>{log.content}</Text>
            {log.attachment && (
              <img src={log.attachment} alt={props.attachmentLabel} className={styles.image} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
