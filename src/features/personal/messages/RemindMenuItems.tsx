/** The user menu's shortcuts to my feedback and my messages, each with its unread count. */
import { CounterBadge } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { tr } from "../../../i18n/translate.ts";
import { MessageCentreMenuItem } from "../MessageCentreMenuItem.tsx";
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
  const counts = useRemind();
  const items = [
    { tab: "myFeedback", label: t.menuFeedback, count: counts?.feedback_msg_num ?? 0 },
    { tab: "myMsg", label: t.menuMessages, count: counts?.my_msg_num ?? 0 },
  ] as const;
  return items.map((item) => (
    <MessageCentreMenuItem
      key={item.tab}
      tab={item.tab}
      attributes={{ "data-menu-tab": item.tab, "data-unread-count": item.count }}
      secondaryContent={item.count > 0 ? tr(i18n, t.unreadCount, { count: item.count }) : undefined}
    >
      {i18n._(item.label)}
    </MessageCentreMenuItem>
  ));
}
