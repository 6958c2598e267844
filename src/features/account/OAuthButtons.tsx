/** WeChat and Google sign-in buttons, shown for the providers this site has configured. */
import { Button, Divider, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { OAuthConfig, OAuthProvider } from "../../../contract/oauth.ts";
import { fetchOAuthConfig } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { accountText as t } from "./messages.ts";
import { startOAuth } from "./oauthState.ts";

const useStyles = makeStyles({
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", justifyContent: "center" },
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

/** `beforeStart` answers whether the reader may leave for the provider (the agreement is ticked). */
export function OAuthButtons(props: { beforeStart(): boolean }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { session } = useServices();
  const config = useOAuthConfig();
  if (!config || (!config.wechat && !config.google)) return null;
  const go = (provider: OAuthProvider, authorizeUrl: string) => {
    if (!props.beforeStart()) return;
    window.location.assign(startOAuth(session, provider, authorizeUrl, "login", () => crypto.randomUUID()));
  };
  const { wechat, google } = config;
  return (
    <>
      <Divider>{i18n._(t.otherWays)}</Divider>
      <div className={styles.row}>
        {wechat && <Button onClick={() => go("wechat", wechat.authorize_url)}>{i18n._(t.wechat)}</Button>}
        {google && <Button onClick={() => go("google", google.authorize_url)}>{i18n._(t.google)}</Button>}
      </div>
    </>
  );
}
