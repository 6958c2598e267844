/**
 * The dialog shown when a signed-out reader tries something that needs an account: Login Now and
 * Register Now come back to the current page after signing in, Later closes it.
 */
import { Button } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useServices } from "../../app/shell/services.ts";
import { ModalDialog } from "../../ui/ModalDialog.tsx";
import { loginHrefReturningTo } from "./afterLogin.ts";
import { accountText as t } from "./messages.ts";

export function LoginPrompt(props: { open: boolean; onClose(): void }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { session } = useServices();
  const { href: here } = useLocation();
  const go = (to: "/login" | "/register") => {
    props.onClose();
    void navigate({ href: loginHrefReturningTo(session, here, to) });
  };
  // Mounted only while open: a closed Dialog would still start the focus manager on the screen.
  if (!props.open) return null;
  return (
    <ModalDialog
      title={i18n._(t.promptTitle)}
      onClose={props.onClose}
      actions={
        <>
          <Button appearance="primary" onClick={() => go("/login")}>
            {i18n._(t.promptLogin)}
          </Button>
          <Button onClick={() => go("/register")}>{i18n._(t.promptRegister)}</Button>
          <Button appearance="subtle" onClick={props.onClose}>
            {i18n._(t.promptLater)}
          </Button>
        </>
      }
    >
      {i18n._(t.promptText)}
    </ModalDialog>
  );
}
