/**
 * The user menu's reminder of changes not yet synced: a count on the avatar and a menu item to the
 * personal centre's "waiting to sync" tab, both only while there is something waiting or failed.
 */
import { CounterBadge } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { tr } from "../../i18n/translate.ts";
import { useOutboxCount } from "../../offline/outbox/hooks.ts";
import { MessageCentreMenuItem } from "./MessageCentreMenuItem.tsx";
import { syncText as t } from "./syncMessages.ts";

export function SyncBadge() {
  const count = useOutboxCount();
  return count > 0 ? (
    <CounterBadge count={count} size="small" color="informative" data-sync-count={count} />
  ) : null;
}

export function SyncMenuItem() {
  const { i18n } = useLingui();
  const count = useOutboxCount();
  if (count === 0) return null;
  return (
    <MessageCentreMenuItem tab="sync" attributes={{ "data-sync-menu-item": "" }}>
      {tr(i18n, t.menuItem, { count })}
    </MessageCentreMenuItem>
  );
}
