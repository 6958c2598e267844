/**
 * WeChat and Google sign-in, shown for the providers this site has configured. Google leaves for its
 * authorization page; WeChat shows its QR code in the card (WeChat's website login in a frame), and a
 * scan sends the whole window to `/login/wechat`. Both need the agreement ticked first, and the QR
 * goes away when it is unticked.
 */
import { Button, Divider, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { OAuthConfig, OAuthProvider } from "../../../contract/oauth.ts";
import { fetchOAuthConfig } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { accountText as t } from "./messages.ts";
import { embeddedWechatAddress, startOAuth } from "./oauthState.ts";
import type { Agreement } from "./useAgreement.ts";

/** The size WeChat's QR page is drawn for. */
const WECHAT_FRAME = { width: 300, height: 400 };

const useStyles = makeStyles({
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", justifyContent: "center" },
  qr: { alignItems: "center" },
  frame: {
    border: "none",
    maxWidth: "100%",
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

const NONE: OAuthConfig = { google: null, wechat: null };

export function useOAuthConfig(): OAuthConfig | null {
  const { api } = useServices();
  const [config, setConfig] = useState<OAuthConfig | null>(null);
  useEffect(() => {
    fetchOAuthConfig(api).then(setConfig, () => setConfig(NONE));
  }, [api]);
  return config;
}

export function OAuthButtons(props: { agreement: Agreement }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { session } = useServices();
  const config = useOAuthConfig();
  const [wechatQr, setWechatQr] = useState<string | null>(null);
  const { agreement } = props;
  if (!config || (!config.wechat && !config.google)) return null;
  const address = (provider: OAuthProvider, authorizeUrl: string) =>
    startOAuth(session, provider, authorizeUrl, "login", () => crypto.randomUUID());
  const { wechat, google } = config;
  const showWechat = () => {
    if (wechat && agreement.require())
      setWechatQr(embeddedWechatAddress(address("wechat", wechat.authorize_url)));
  };
  const goToGoogle = () => {
    if (google && agreement.require()) window.location.assign(address("google", google.authorize_url));
  };
  return (
    <>
      <Divider>{i18n._(t.otherWays)}</Divider>
      {wechatQr && agreement.agreed ? (
        <div className={mergeClasses(stack.s, styles.qr)} data-wechat-qr>
          <iframe
            className={styles.frame}
            title={i18n._(t.wechatQrTitle)}
            src={wechatQr}
            width={WECHAT_FRAME.width}
            height={WECHAT_FRAME.height}
            sandbox="allow-scripts allow-same-origin allow-forms allow-top-navigation"
          />
          <Text size={200}>{i18n._(t.wechatQrHint)}</Text>
          <Button appearance="subtle" onClick={() => setWechatQr(null)}>
            {i18n._(t.wechatQrClose)}
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          {wechat && <Button onClick={showWechat}>{i18n._(t.wechat)}</Button>}
          {google && <Button onClick={goToGoogle}>{i18n._(t.google)}</Button>}
        </div>
      )}
    </>
  );
}
