/**
 * The signed-in reader's avatar menu: who is signed in, my feedback and my messages with their
 * unread counts, the profile, for researchers the character-collection shortcut (the research
 * menu), the policies and sign-out. It follows the sign-in state, so a role given by an
 * administrator shows here once the reader's next request has refreshed the token.
 */
import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useSyncExternalStore } from "react";
import { RemindBadge, RemindMenuItems } from "../../features/personal/messages/RemindMenuItems.tsx";
import { SyncBadge, SyncMenuItem } from "../../features/personal/SyncMenuItem.tsx";
import { useProfile } from "../../features/personal/useProfile.ts";
import { maskedContact } from "../../ui/mask.ts";
import { tripitakaOfPath } from "../routes/guards.ts";
import { useServices } from "./services.ts";
import { shellText as t } from "./shellMessages.ts";

const useStyles = makeStyles({
  trigger: { color: tokens.colorNeutralForegroundOnBrand, minWidth: "auto" },
  who: {
    display: "flex",
    flexDirection: "column",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
  },
});

export function SignedInMenu() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const services = useServices();
  const navigate = useNavigate();
  const { profile } = useProfile();
  const pathname = useLocation({ select: (location) => location.pathname });
  const researcher = useSyncExternalStore(services.auth.subscribe, () => {
    const state = services.auth.state();
    return state.signedIn && state.roles.includes("researcher");
  });
  const tripitaka = tripitakaOfPath(pathname) ?? services.tracker.currentTripitaka();

  const name = profile ? profile.nickname || profile.username : "";
  const contact = profile ? maskedContact(profile) : null;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={styles.trigger}
          aria-label={i18n._(t.userMenu)}
          data-user-menu
        >
          <Avatar size={28} name={name} image={profile?.avatar ? { src: profile.avatar } : undefined} />
          <RemindBadge />
          <SyncBadge />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.who}>
          <Text weight="semibold" data-user-name>
            {name}
          </Text>
          {contact && (
            <Text size={200} data-user-contact>
              {contact}
            </Text>
          )}
        </div>
        <MenuList>
          <RemindMenuItems />
          <MenuItem onClick={() => void navigate({ href: "/message?tab=profile" })}>
            {i18n._(t.basicInfo)}
          </MenuItem>
          <SyncMenuItem />
          {researcher && (
            <MenuItem
              data-research-menu="char-image"
              onClick={() => void navigate({ href: `/${tripitaka}/char-image` })}
            >
              {i18n._(t.charCollection)}
            </MenuItem>
          )}
          <MenuDivider />
          <MenuItem onClick={() => void navigate({ href: "/terms" })}>{i18n._(t.terms)}</MenuItem>
          <MenuItem onClick={() => void navigate({ href: "/privacy" })}>{i18n._(t.privacy)}</MenuItem>
          <MenuDivider />
          <MenuItem onClick={() => void services.logout()}>{i18n._(t.logout)}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
