/**
 * The header's admin dropdown (spec section 2): shown only to signed-in administrators, it leads
 * to the article management, user list, access log, statistics, expert applications and feedback
 * statistics screens. It loads as its own chunk (with the menu code) for administrators only.
 */
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { ChevronDownRegular } from "@fluentui/react-icons";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { routeTitles } from "../routes/titles.ts";
import { shellText } from "./shellMessages.ts";

const ADMIN_SCREENS: readonly { path: string; label: MessageDescriptor }[] = [
  { path: "/admin/article", label: routeTitles.adminArticles },
  { path: "/admin/user/list", label: routeTitles.adminUsers },
  { path: "/admin/access-log", label: routeTitles.adminAccessLog },
  { path: "/admin/statistical", label: routeTitles.adminStatistics },
  { path: "/admin/apply", label: routeTitles.adminApply },
  { path: "/admin/feedback", label: routeTitles.adminFeedback },
];

const useStyles = makeStyles({
  trigger: {
    minWidth: "auto",
    height: "auto",
    padding: 0,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForegroundOnBrand,
    ":hover": { color: tokens.colorNeutralForegroundOnBrand },
    ":hover:active": { color: tokens.colorNeutralForegroundOnBrand },
  },
});

export function AdminMenu(props: { className?: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={mergeClasses(styles.trigger, props.className)}
          icon={<ChevronDownRegular />}
          iconPosition="after"
          data-admin-menu
        >
          {i18n._(shellText.admin)}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {ADMIN_SCREENS.map((screen) => (
            <MenuItem
              key={screen.path}
              data-admin-link={screen.path}
              onClick={() => void navigate({ href: screen.path })}
            >
              {i18n._(screen.label)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
