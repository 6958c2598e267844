/**
 * The header's account corner: the login button for a guest, or the avatar menu of a signed-in
 * reader, which loads as its own chunk so guests never fetch it.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { Suspense, useSyncExternalStore } from "react";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { useServices } from "./services.ts";
import { shellText as t } from "./shellMessages.ts";

const SignedInMenu = lazyPart(() => import("./SignedInMenu.tsx"), "SignedInMenu", { texts: "later" });

const useStyles = makeStyles({
  login: { color: tokens.colorNeutralForegroundOnBrand, minWidth: "auto", whiteSpace: "nowrap" },
  // The avatar menu's place while its code loads, so that the header's other controls stay put:
  // a medium Button's border and padding around a 28 px avatar.
  avatarPlace: { display: "inline-block", flexShrink: 0, width: "54px", height: "40px" },
});

export function UserMenu() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const services = useServices();
  const navigate = useNavigate();
  const signedIn = useSyncExternalStore(services.auth.subscribe, () => services.auth.state().signedIn);

  if (signedIn) {
    return (
      <Suspense fallback={<span className={styles.avatarPlace} aria-hidden />}>
        <SignedInMenu />
      </Suspense>
    );
  }
  return (
    <Button appearance="outline" className={styles.login} onClick={() => void navigate({ href: "/login" })}>
      {i18n._(t.login)}
    </Button>
  );
}
