/**
 * The WeChat modal: no submit button; it explains the binding and sends the reader to WeChat's
 * authorization page, from which /login/wechat binds the account (the trip's state is kept under
 * the account screens' OAUTH_STATE_KEY).
 */
import { Button, Spinner, Text } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useServices } from "../../app/shell/services.ts";
import { useOAuthConfig } from "../account/OAuthButtons.tsx";
import { startOAuth } from "../account/oauthState.ts";
import { EditDialog, type EditDialogProps } from "./EditDialog.tsx";
import { personalText as t } from "./messages.ts";

export function WechatDialog(props: EditDialogProps) {
  const { i18n } = useLingui();
  const { session } = useServices();
  const config = useOAuthConfig();
  const wechat = config?.wechat ?? null;
  return (
    <EditDialog title={t.editWechat} onClose={props.onClose}>
      {!config ? (
        <Spinner size="small" />
      ) : !wechat ? (
        <Text data-wechat-unavailable>{i18n._(t.wechatUnavailable)}</Text>
      ) : (
        <>
          <Text>{i18n._(t.wechatIntro)}</Text>
          <Button
            appearance="primary"
            onClick={() =>
              window.location.assign(
                startOAuth(session, "wechat", wechat.authorize_url, "bind", () => crypto.randomUUID()),
              )
            }
          >
            {i18n._(t.wechatGo)}
          </Button>
        </>
      )}
    </EditDialog>
  );
}
