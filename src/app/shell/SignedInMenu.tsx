/**
 * The signed-in reader's avatar menu: who is signed in, my feedback and my messages with their
 * unread counts, the profile (each opening the personal centre in its own window), for researchers the character-collection shortcut (the research
 * menu) and for everyone else the researcher application, the policies and sign-out. It follows the sign-in state, so a role given by an
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
import { MessageCentreMenuItem } from "../../features/personal/MessageCentreMenuItem.tsx";
import { RemindBadge, RemindMenuItems } from "../../features/personal/messages/RemindMenuItems.tsx";
import { SyncBadge, SyncMenuItem } from "../../features/personal/SyncMenuItem.tsx";
import { useProfile } from "../../features/personal/useProfile.ts";
import { maskedContact } from "../../ui/mask.ts";
import { tripitakaOfPath } from "../routes/guards.ts";
import { ApplicationMenuItem } from "./ApplicationMenuItem.tsx";
import { useServices } from "./services.ts";
import { shellText as t } from "./shellMessages.ts";

const useStyles = makeStyles({
  trigger: { color: tokens.colorNeutralForegroundOnBrand, minWidth: "auto", position: "relative" },
  // Over the avatar's corner: a count coming and going never moves the header's other controls.
  badges: {
    position: "absolute",
    top: "0",
    right: "0",
    display: "flex",
    gap: "2px",
    pointerEvents: "none",
  },
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
  // "researcher", "admin" (who gives themself the role in user management) or "reader".
  const standing = useSyncExternalStore(services.auth.subscribe, () => {
    const state = services.auth.state();
    if (!state.signedIn) return "reader";
    if (state.roles.includes("researcher")) return "researcher";
    return state.roles.includes("admin") ? "admin" : "reader";
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
          <span className={styles.badges}>
            <RemindBadge />
            <SyncBadge />
          </span>
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
          <MessageCentreMenuItem tab="profile">{i18n._(t.basicInfo)}</MessageCentreMenuItem>
          <SyncMenuItem />
          {standing === "researcher" && (
            <MenuItem
              data-research-menu="char-image"
              onClick={() => void navigate({ href: `/${tripitaka}/char-image` })}
            >
              {i18n._(t.charCollection)}
            </MenuItem>
          )}
          {standing === "reader" && <ApplicationMenuItem />}
          <MenuDivider />
          <MenuItem onClick={() => void navigate({ href: "/terms" })}>{i18n._(t.terms)}</MenuItem>
          <MenuItem onClick={() => void navigate({ href: "/privacy" })}>{i18n._(t.privacy)}</MenuItem>
          <MenuDivider />
          <MenuItem
            data-logout
            onClick={() => void services.logout(() => navigate({ href: `/${tripitaka}` }))}
          >
            {i18n._(t.logout)}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
