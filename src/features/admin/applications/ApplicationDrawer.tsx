/**
 * One application in a drawer (spec sections 2, 4): its fields, its history (every submission and
 * decision, newest first) and the decision form. Only a pending application can be decided;
 * for any other the form is read-only and confirming just closes the drawer.
 */
import { Button, Divider, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { AdminApplicationDetail } from "../../../../contract/applications.ts";
import { dealApplication, fetchAdminApplication } from "../../../api/adminApplications.ts";
import { ApiError } from "../../../api/errors.ts";
import { useServices } from "../../../app/shell/services.ts";
import { tr } from "../../../i18n/translate.ts";
import { MessageLine } from "../../../ui/MessageLine.tsx";
import type { ShownTime } from "../../../ui/shownTime.ts";
import { useStackStyles } from "../../../ui/stack.ts";
import { useLoad } from "../../../ui/useLoad.ts";
import { useShownTime } from "../../../ui/useShownTime.ts";
import { applyText } from "../../apply/messages.ts";
import { DetailList } from "../../list-screen/DetailList.tsx";
import { DrawerSection, RecordDrawer } from "../../list-screen/RecordDrawer.tsx";
import { ApplicationStatusBadge, userLabel } from "./applicationColumns.tsx";
import { DecisionForm } from "./DecisionForm.tsx";
import {
  canDecide,
  checkDecision,
  confirmDecision,
  type DecisionProblems,
  type DecisionValues,
  EMPTY_DECISION,
  shownDecision,
} from "./decision.ts";
import { adminApplyText as t } from "./text.ts";

const useStyles = makeStyles({
  history: { listStyle: "none", margin: 0, padding: 0 },
  log: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  meta: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  reason: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, justifyContent: "flex-end" },
});

function fieldsOf(i18n: I18n, time: ShownTime, detail: AdminApplicationDetail) {
  const none = i18n._(t.none);
  return [
    { id: "applyId", label: i18n._(t.applyId), value: detail._id },
    {
      id: "status",
      label: i18n._(t.status),
      value: <ApplicationStatusBadge status={detail.latest_status} i18n={i18n} />,
    },
    { id: "realName", label: i18n._(t.realName), value: detail.real_name },
    { id: "company", label: i18n._(t.company), value: detail.company },
    { id: "user", label: i18n._(t.userColumn), value: userLabel(i18n, detail) },
    { id: "email", label: i18n._(t.email), value: detail.email ?? none },
    { id: "phone", label: i18n._(t.phone), value: detail.phone ?? none },
    { id: "intro", label: i18n._(t.intro), value: detail.intro },
    { id: "purpose", label: i18n._(t.purpose), value: detail.purpose },
    { id: "createdAt", label: i18n._(t.createdAt), value: time.dateTime(detail.created_at) },
    { id: "updatedAt", label: i18n._(t.updatedAt), value: time.dateTime(detail.updated_at) },
  ];
}

function History(props: { detail: AdminApplicationDetail }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { detail } = props;
  if (detail.apply_logs.length === 0) return <Text>{i18n._(t.noHistory)}</Text>;
  return (
    <ol className={mergeClasses(stack.s, styles.history)} data-apply-history>
      {detail.apply_logs.map((log, index) => (
        // The history has no ids; its order (newest first) is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <li key={index} className={mergeClasses(stack.xxs, styles.log)} data-apply-log={log.status}>
          <span className={styles.meta}>
            <ApplicationStatusBadge status={log.status} i18n={i18n} />
            <Text>
              {log.deal_by === null
                ? tr(i18n, t.submittedBy, { name: userLabel(i18n, detail) })
                : tr(i18n, t.decidedBy, {
                    name: log.deal_nickname || log.deal_username || String(log.deal_by),
                  })}
            </Text>
            <Text size={200}>{time.dateTime(log.deal_at)}</Text>
          </span>
          {log.reason !== "" && (
            <Text className={styles.reason} data-apply-log-reason>
              {tr(i18n, applyText.reason, { reason: log.reason })}
            </Text>
          )}
        </li>
      ))}
    </ol>
  );
}

export function ApplicationDrawer(props: {
  applyId: number;
  onClose(): void;
  onDecided(decided: AdminApplicationDetail): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const time = useShownTime();
  const { api } = useServices();
  const load = useLoad(String(props.applyId), (signal) => fetchAdminApplication(api, props.applyId, signal));
  const detail = load.data ?? load.latest;
  const [values, setValues] = useState<DecisionValues>(EMPTY_DECISION);
  const [problems, setProblems] = useState<DecisionProblems | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = detail ? canDecide(detail.latest_status) : false;

  const confirm = async () => {
    if (!detail) {
      props.onClose();
      return;
    }
    const step = confirmDecision(detail.latest_status, values);
    if (step.kind === "close") {
      props.onClose();
      return;
    }
    if (step.kind === "invalid") {
      setProblems(step.problems);
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      props.onDecided(await dealApplication(api, detail._id, step.deal));
    } catch (error) {
      // Decided meanwhile, or refused: say why and show the application as it is now.
      if (error instanceof ApiError && !error.notified) setRefusal(error.serverMsg || i18n._(t.dealFailed));
      load.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <RecordDrawer
      title={t.drawerTitle}
      closeLabel={t.close}
      onClose={props.onClose}
      data={{ "data-application-drawer": String(props.applyId) }}
      load={load}
      footer={
        <div className={styles.actions}>
          <Button onClick={props.onClose}>{i18n._(t.cancel)}</Button>
          <Button appearance="primary" disabled={busy} onClick={() => void confirm()} data-decision-confirm>
            {i18n._(t.confirm)}
          </Button>
        </div>
      }
    >
      {(detail) => (
        <>
          <DrawerSection heading={i18n._(t.details)}>
            <DetailList fields={fieldsOf(i18n, time, detail)} />
          </DrawerSection>
          <Divider />
          <DrawerSection heading={i18n._(t.history)}>
            <History detail={detail} />
          </DrawerSection>
          <Divider />
          <DrawerSection>
            {!open && (
              <MessageLine intent="info" data-application-decided>
                {i18n._(t.decided)}
              </MessageLine>
            )}
            <DecisionForm
              values={open ? values : shownDecision(detail)}
              problems={open ? problems : null}
              readOnly={!open}
              onChange={(next) => {
                setValues(next);
                if (problems) setProblems(checkDecision(next));
              }}
            />
            {refusal && (
              <MessageLine intent="error" data-decision-refused>
                {refusal}
              </MessageLine>
            )}
          </DrawerSection>
        </>
      )}
    </RecordDrawer>
  );
}
