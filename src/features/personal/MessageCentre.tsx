/**
 * `/message`: the personal centre (spec section 2). The tab is the `tab` query, parsed by the
 * route; choosing a tab writes it there. A tab is shown once it is listed in `personalTabs`.
 */
import { Text } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { getRouteApi } from "@tanstack/react-router";
import type { ComponentType } from "react";
import { StoragePanelLink } from "../../offline/library/OfflineLink.tsx";
import { PanelTabs } from "../../ui/PanelTabs.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { FeedbackTab } from "./feedback/FeedbackTab.tsx";
import { MessagesTab } from "./messages/MessagesTab.tsx";
import { messageText } from "./messages/text.ts";
import { personalText as t } from "./messages.ts";
import { ProfileTab } from "./ProfileTab.tsx";
import { SyncTab } from "./SyncTab.tsx";
import { syncText } from "./syncMessages.ts";
import { type PersonalTabId, pickTab } from "./tabs.ts";

type PersonalTab = { id: PersonalTabId; title: MessageDescriptor; Screen: ComponentType };

export const personalTabs: readonly PersonalTab[] = [
  { id: "profile", title: t.tabProfile, Screen: ProfileTab },
  { id: "myFeedback", title: messageText.tabFeedback, Screen: FeedbackTab },
  { id: "myMsg", title: messageText.tabMessages, Screen: MessagesTab },
  { id: "sync", title: syncText.tab, Screen: SyncTab },
];

const messageRoute = getRouteApi("/message");

export function MessageCentre() {
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = messageRoute.useNavigate();
  const { tab } = messageRoute.useSearch();
  const current = pickTab(personalTabs, tab);
  if (!current) return null;
  return (
    <section className={stack.l}>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(t.title)}
      </Text>
      <StoragePanelLink />
      <PanelTabs
        size="medium"
        tabs={personalTabs.map((candidate) => ({
          value: candidate.id,
          label: i18n._(candidate.title),
          "data-tab": candidate.id,
        }))}
        selected={current.id}
        onSelect={(id) => void navigate({ search: { tab: id } })}
      />
      <current.Screen key={current.id} />
    </section>
  );
}
