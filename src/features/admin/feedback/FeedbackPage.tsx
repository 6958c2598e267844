/**
 * `/admin/feedback`: readers' feedback for the administrator (spec section 2). Filters by question
 * type, sutra, username, submit dates and status (kept in the address), newest first or oldest
 * first; the table with its column chooser and pager; a row opens the deal drawer, where a reply
 * sets the status and reaches the reader as a message.
 */
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { fetchAdminFeedbacks } from "../../../api/adminFeedback.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { questionTypeText } from "../../feedback/messages.ts";
import { ListScreen, useListScreen } from "../../list-screen/ListScreen.tsx";
import { DealDrawer } from "./DealDrawer.tsx";
import { feedbackAction, feedbackColumns } from "./feedbackColumns.tsx";
import { FEEDBACK_COLUMN_IDS, FEEDBACK_COLUMNS_KEY } from "./feedbackList.ts";
import { FEEDBACK_LIST } from "./feedbackSearch.ts";
import { feedbackStatusText, adminFeedbackText as t } from "./text.ts";

export function FeedbackPage() {
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const screen = useListScreen(FEEDBACK_LIST, (query, signal) => fetchAdminFeedbacks(api, query, signal));
  const [opened, setOpened] = useState<number | null>(null);
  const time = useShownTime();

  const replied = () => {
    events.emit("success", i18n._(t.sent));
    screen.controls.refresh();
  };

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.adminFeedback}
      marker="data-admin-feedback"
      filters={[
        { name: "question_type", label: t.questionType, choices: questionTypeText },
        { name: "sutra", label: t.sutra },
        { name: "username", label: t.username },
        { name: "start_date", label: t.startDate },
        { name: "end_date", label: t.endDate },
        { name: "status", label: t.status, choices: feedbackStatusText },
      ]}
      columns={feedbackColumns(i18n, time)}
      columnIds={FEEDBACK_COLUMN_IDS}
      columnsKey={FEEDBACK_COLUMNS_KEY}
      fixedColumns={[feedbackAction(i18n, setOpened)]}
      rowKey={(row) => String(row._id)}
      rowAttributes={(row) => ({ "data-feedback-row": String(row._id), "data-username": row.user_name })}
      tableLabel={t.tableLabel}
    >
      {opened !== null && (
        <DealDrawer key={opened} feedbackId={opened} onClose={() => setOpened(null)} onReplied={replied} />
      )}
    </ListScreen>
  );
}
