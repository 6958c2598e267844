/** The user menu's shortcuts to my feedback and my messages, each with its unread count. */
import { CounterBadge, MenuItem } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { tr } from "../../../i18n/translate.ts";
import { messageText as t } from "./text.ts";
import { useRemind } from "./useRemind.ts";

/** The avatar's badge: everything unread. */
export function RemindBadge() {
  const counts = useRemind();
  const total = counts ? counts.my_msg_num + counts.feedback_msg_num : 0;
  return total > 0 ? (
    <CounterBadge count={total} size="small" color="danger" overflowCount={99} data-remind-count={total} />
  ) : null;
}

export function RemindMenuItems() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const counts = useRemind();
  const items = [
    { tab: "myFeedback", label: t.menuFeedback, count: counts?.feedback_msg_num ?? 0 },
    { tab: "myMsg", label: t.menuMessages, count: counts?.my_msg_num ?? 0 },
  ] as const;
  return items.map((item) => (
    <MenuItem
      key={item.tab}
      onClick={() => void navigate({ href: `/message?tab=${item.tab}` })}
      data-menu-tab={item.tab}
      data-unread-count={item.count}
      secondaryContent={item.count > 0 ? tr(i18n, t.unreadCount, { count: item.count }) : undefined}
    >
      {i18n._(item.label)}
    </MenuItem>
  ));
}
