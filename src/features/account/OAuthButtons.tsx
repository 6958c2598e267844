/** WeChat and Google sign-in buttons, shown for the providers this site has configured. */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import type { OAuthConfig, OAuthProvider } from "../../../contract/oauth.ts";
import { fetchOAuthConfig } from "../../api/accounts.ts";
import { useServices } from "../../app/shell/services.ts";
import { accountText as t } from "./messages.ts";
import { startOAuth } from "./oauthState.ts";

const useStyles = makeStyles({
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export function useOAuthConfig(): OAuthConfig | null {
  const { api } = useServices();
  const [config, setConfig] = useState<OAuthConfig | null>(null);
  useEffect(() => {
    fetchOAuthConfig(api).then(setConfig, () => setConfig({ google: null, wechat: null }));
  }, [api]);
  return config;
}

export function OAuthButtons() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { session } = useServices();
  const config = useOAuthConfig();
  if (!config || (!config.wechat && !config.google)) return null;
  const go = (provider: OAuthProvider, authorizeUrl: string) =>
    window.location.assign(startOAuth(session, provider, authorizeUrl, "login", () => crypto.randomUUID()));
  return (
    <div className={styles.row} title={i18n._(t.otherWays)}>
      {config.wechat && (
        <Button onClick={() => config.wechat && go("wechat", config.wechat.authorize_url)}>
          {i18n._(t.wechat)}
        </Button>
      )}
      {config.google && (
        <Button onClick={() => config.google && go("google", config.google.authorize_url)}>
          {i18n._(t.google)}
        </Button>
      )}
    </div>
  );
}
