/**
 * The personal centre's "my feedback" (spec sections 2, 4): the reader's feedback, newest first,
 * filtered by sutra, with its status as the reader sees it and a mark on unread replies. A row
 * opens the conversation drawer. Pages opened online are kept on this device and shown again offline.
 */
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  TableCell,
  TableRow,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { Feedback } from "../../../../contract/feedback-schemas.ts";
import { fetchMyFeedbacks } from "../../../api/feedbackConversation.ts";
import { useServices } from "../../../app/shell/services.ts";
import { ItemTable } from "../../../ui/ItemTable.tsx";
import { lazyPart } from "../../../ui/lazyPart.tsx";
import { Pagination } from "../../../ui/Pagination.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { usePageChoice } from "../../../ui/usePageChoice.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { StatusBadge } from "../../list-screen/StatusBadge.tsx";
import { KeptStatus } from "../messages/KeptStatus.tsx";
import { useRemindStore } from "../messages/useRemind.ts";
import { parseSutraFilter, statusColor } from "./feedbackView.ts";
import { myFeedbackText as t, userStatusText } from "./text.ts";

const ConversationDrawer = lazyPart(() => import("./ConversationDrawer.tsx"), "ConversationDrawer");

const useStyles = makeStyles({
  page: { maxWidth: "1080px" },
  filter: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-end" },
  suggestion: {
    display: "-webkit-box",
    WebkitLineClamp: "2",
    WebkitBoxOrient: "vertical",
    overflow: "hidden",
  },
  status: { display: "flex", gap: tokens.spacingHorizontalXS, alignItems: "center" },
});

export function FeedbackTab() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { api, outbox } = useServices();
  const remind = useRemindStore();
  const [typed, setTyped] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [sutraUids, setSutraUids] = useState<string[]>([]);
  const { pageNo, pageSize, setPageNo, choose } = usePageChoice();
  const [opened, setOpened] = useState<Feedback | null>(null);
  const load = useLoad(`${sutraUids.join(",")}:${pageNo}:${pageSize}`, (signal) =>
    outbox.readThrough(`feedbacks:${sutraUids.join(",")}:${pageNo}:${pageSize}`, () =>
      fetchMyFeedbacks(api, { pageNo, pageSize, sutraUids }, signal),
    ),
  );
  const page = load.data ?? load.latest;

  const applyFilter = (value: string) => {
    const uids = parseSutraFilter(value);
    setInvalid(uids === null);
    if (uids === null) return;
    setSutraUids(uids);
    setPageNo(1);
  };

  return (
    <div className={mergeClasses(stack.m, styles.page)} data-my-feedback-tab>
      <form
        className={styles.filter}
        onSubmit={(event) => {
          event.preventDefault();
          applyFilter(typed);
        }}
      >
        <Field
          label={i18n._(t.sutraFilter)}
          validationState={invalid ? "error" : "none"}
          validationMessage={invalid ? i18n._(t.sutraFilterInvalid) : undefined}
        >
          <Input
            name="sutra_uids"
            value={typed}
            placeholder={i18n._(t.sutraFilterPlaceholder)}
            onChange={(_, data) => setTyped(data.value)}
          />
        </Field>
        <Button appearance="primary" type="submit">
          {i18n._(t.search)}
        </Button>
        <Button
          onClick={() => {
            setTyped("");
            applyFilter("");
          }}
        >
          {i18n._(t.reset)}
        </Button>
      </form>
      {!page && <KeptStatus load={load} />}
      {page && (
        <ItemTable
          items={page.list}
          columns={[t.sutra, t.detail, t.createdAt, t.status, null]}
          row={(feedback) => (
            <TableRow
              key={feedback._id}
              data-feedback-row={feedback._id}
              data-unread-reply={feedback.has_unread_log ? "" : undefined}
            >
              <TableCell>{feedback.sutra_uid || feedback.page_id}</TableCell>
              <TableCell>
                <span className={styles.suggestion}>{feedback.suggestion}</span>
              </TableCell>
              <TableCell>{time.dateTime(feedback.created_at)}</TableCell>
              <TableCell>
                <span className={styles.status}>
                  <StatusBadge
                    color={statusColor(feedback.user_status)}
                    label={i18n._(userStatusText[feedback.user_status])}
                    data-status={feedback.user_status}
                  />
                  {feedback.has_unread_log && (
                    <Badge appearance="filled" color="danger" size="small" data-new-reply>
                      {i18n._(t.newReply)}
                    </Badge>
                  )}
                </span>
              </TableCell>
              <TableCell>
                <Button size="small" onClick={() => setOpened(feedback)} data-open-feedback>
                  {i18n._(t.view)}
                </Button>
              </TableCell>
            </TableRow>
          )}
          empty={<Text data-feedback-empty>{i18n._(t.empty)}</Text>}
          size="small"
        />
      )}
      {page && page.total > 0 && (
        <Pagination pageNo={pageNo} pageSize={pageSize} total={page.total} onChange={choose} />
      )}
      {opened && (
        <ConversationDrawer
          feedback={opened}
          onClose={() => setOpened(null)}
          onRead={() => {
            void remind.refresh();
            load.reload();
          }}
        />
      )}
    </div>
  );
}
