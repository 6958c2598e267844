/**
 * /401 for a signed-in reader: what the role they lack opens, and the way to it. A reader is led
 * to the researcher application (or to its progress once sent); an administrator, whose role does
 * not include the researcher's, is told to give it to themself in user management.
 */
import type { Role } from "../../../contract/account-rules.ts";
import { useServices } from "../../app/shell/services.ts";
import { pages } from "../../i18n/messages.ts";
import { type StatusAction, StatusPage } from "../../ui/StatusPage.tsx";
import { roleRequiredText as t } from "./messages.ts";
import { useApplicationStatus } from "./useApplicationStatus.ts";

const apply: StatusAction = { label: t.apply, href: "/apply", name: "apply" };
const progress: StatusAction = { label: t.viewApplication, href: "/apply-result", name: "apply-result" };
const reapply: StatusAction = { label: t.reapply, href: "/apply?needReApply=1", name: "reapply" };

function ReaderWithoutResearch() {
  const status = useApplicationStatus();
  const latest = status.data?.latest_status;
  if (latest === "pending")
    return <StatusPage code="401" title={t.researcherOnlyTitle} text={t.pendingText} actions={[progress]} />;
  if (latest === "rejected")
    return (
      <StatusPage
        code="401"
        title={t.researcherOnlyTitle}
        text={t.rejectedText}
        actions={[reapply, progress]}
      />
    );
  if (latest === "approved")
    return (
      <StatusPage code="401" title={t.researcherOnlyTitle} text={t.withdrawnText} actions={[progress]} />
    );
  return (
    <StatusPage
      code="401"
      title={t.researcherOnlyTitle}
      text={t.researcherOnlyText}
      actions={status.loading ? [] : [apply]}
    />
  );
}

export function RoleRequiredPage(props: { lacks: Role | null }) {
  const { auth } = useServices();
  const state = auth.state();
  const roles = state.signedIn ? state.roles : [];
  if (props.lacks === "admin")
    return <StatusPage code="401" title={t.adminOnlyTitle} text={t.adminOnlyText} />;
  if (props.lacks === "researcher" && roles.includes("admin"))
    return (
      <StatusPage
        code="401"
        title={t.researcherOnlyTitle}
        text={t.adminWithoutResearchText}
        actions={[{ label: t.userManagement, href: "/admin/user/list", name: "user-management" }]}
      />
    );
  if (props.lacks === "researcher") return <ReaderWithoutResearch />;
  return <StatusPage code="401" title={pages.unauthorizedTitle} text={t.signedInText} />;
}
