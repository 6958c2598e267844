/**
 * A user-menu item to a tab of the personal centre (`/message?tab=…`). The spec opens the centre in a
 * window of its own, so a reader mid-reel keeps their place; on the centre itself it only turns the tab.
 * Every item targets one named window, so a second click brings that window back instead of another.
 */
import { MenuItem, MenuItemLink } from "@fluentui/react-components";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { PersonalTabId } from "./tabs.ts";

const MESSAGE_CENTRE_WINDOW = "canon-message-centre";

const messageCentreHref = (tab: PersonalTabId) => `/message?tab=${tab}`;

type DataAttributes = Record<`data-${string}`, string | number>;

export function MessageCentreMenuItem({
  tab,
  children,
  secondaryContent,
  attributes,
}: {
  tab: PersonalTabId;
  children: ReactNode;
  secondaryContent?: string;
  attributes?: DataAttributes;
}) {
  const navigate = useNavigate();
  const onCentre = useRouterState({ select: (state) => state.location.pathname === "/message" });
  const href = messageCentreHref(tab);
  if (onCentre) {
    return (
      <MenuItem onClick={() => void navigate({ href })} secondaryContent={secondaryContent} {...attributes}>
        {children}
      </MenuItem>
    );
  }
  return (
    <MenuItemLink
      href={href}
      target={MESSAGE_CENTRE_WINDOW}
      secondaryContent={secondaryContent}
      data-new-window
      {...attributes}
    >
      {children}
    </MenuItemLink>
  );
}
