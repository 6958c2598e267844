/**
 * The user menu's way to the researcher tools for a reader without the role: the application,
 * named by its status once sent. The status is asked when the menu opens (this item mounts then).
 */
import { MenuItem } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import type { ApplicationStatus } from "../../../contract/application-rules.ts";
import { fetchApplicationStatus } from "../../api/applications.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { useServices } from "./services.ts";
import { shellText as t } from "./shellMessages.ts";

const itemFor: Record<ApplicationStatus, { label: MessageDescriptor; href: string }> = {
  pending: { label: t.applicationPending, href: "/apply-result" },
  rejected: { label: t.applicationRejected, href: "/apply-result" },
  approved: { label: t.applicationApproved, href: "/apply-result" },
};

export function ApplicationMenuItem() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const navigate = useNavigate();
  const status = useLoad("application-status", (signal) => fetchApplicationStatus(api, signal));
  const latest = status.data?.latest_status ?? null;
  const item = latest === null ? { label: t.applyResearcher, href: "/apply" } : itemFor[latest];
  return (
    <MenuItem data-application-menu={latest ?? "none"} onClick={() => void navigate({ href: item.href })}>
      {i18n._(item.label)}
    </MenuItem>
  );
}
