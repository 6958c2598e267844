/**
 * `/admin/feedback`: readers' feedback for the administrator (spec section 2). Filters by question
 * type, sutra, username, submit dates and status (kept in the address), newest first or oldest
 * first; the table with its column chooser and pager; a row opens the deal drawer, where a reply
 * sets the status and reaches the reader as a message.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { FEEDBACK_STATUSES, QUESTION_TYPES } from "../../../../contract/feedback.ts";
import { fetchAdminFeedbacks } from "../../../api/adminFeedback.ts";
import { routeTitles } from "../../../app/routes/titles.ts";
import { useServices } from "../../../app/shell/services.ts";
import { ColumnChooser } from "../../../ui/ColumnChooser.tsx";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { useStoredColumns } from "../../../ui/useStoredColumns.ts";
import { questionTypeText } from "../../feedback/messages.ts";
import { ChoiceFilter, DateFilter, ListSearchForm, TextFilter } from "../../list-screen/ListSearchForm.tsx";
import { ListTable } from "../../list-screen/ListTable.tsx";
import { useListSearch } from "../../list-screen/useListSearch.ts";
import { DealDrawer } from "./DealDrawer.tsx";
import { feedbackAction, feedbackColumns } from "./feedbackColumns.tsx";
import { FEEDBACK_COLUMN_IDS, FEEDBACK_COLUMNS_KEY, FEEDBACK_LIST } from "./feedbackList.ts";
import { feedbackStatusText, adminFeedbackText as t } from "./text.ts";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

export function FeedbackPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api, events } = useServices();
  const controls = useListSearch(FEEDBACK_LIST);
  const load = useLoad(controls.loadKey, (signal) => fetchAdminFeedbacks(api, controls.request, signal));
  const [visible, setVisible] = useStoredColumns(
    FEEDBACK_COLUMNS_KEY,
    FEEDBACK_COLUMN_IDS,
    FEEDBACK_COLUMN_IDS,
  );
  const [opened, setOpened] = useState<number | null>(null);
  const time = useShownTime();
  const all = feedbackColumns(i18n, time);
  const columns = [...all.filter((column) => visible.includes(column.id)), feedbackAction(i18n, setOpened)];

  const replied = () => {
    events.emit("success", i18n._(t.sent));
    controls.refresh();
  };

  return (
    <section className={styles.page} data-admin-feedback>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.adminFeedback)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={<ColumnChooser columns={all} visible={visible} onChange={setVisible} />}
      >
        <ChoiceFilter
          controls={controls}
          name="question_type"
          label={i18n._(t.questionType)}
          choices={QUESTION_TYPES.map((type) => ({ value: type, label: i18n._(questionTypeText[type]) }))}
        />
        <TextFilter controls={controls} name="sutra" label={i18n._(t.sutra)} />
        <TextFilter controls={controls} name="username" label={i18n._(t.username)} />
        <DateFilter controls={controls} name="start_date" label={i18n._(t.startDate)} />
        <DateFilter controls={controls} name="end_date" label={i18n._(t.endDate)} />
        <ChoiceFilter
          controls={controls}
          name="status"
          label={i18n._(t.status)}
          choices={FEEDBACK_STATUSES.map((status) => ({
            value: status,
            label: i18n._(feedbackStatusText[status]),
          }))}
        />
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={columns}
        rowKey={(row) => String(row._id)}
        rowAttributes={(row) => ({ "data-feedback-row": String(row._id), "data-username": row.user_name })}
        ariaLabel={i18n._(t.tableLabel)}
      />
      {opened !== null && (
        <DealDrawer key={opened} feedbackId={opened} onClose={() => setOpened(null)} onReplied={replied} />
      )}
    </section>
  );
}
