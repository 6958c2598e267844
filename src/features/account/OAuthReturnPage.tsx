/**
 * `/login/google` and `/login/wechat`: where the provider sends the reader back. The code is
 * traded for a session (or, for a binding started from the profile, bound to the account).
 */
import { Button, makeStyles, Spinner, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { OAuthProvider } from "../../../contract/oauth.ts";
import { oauthSignIn } from "../../api/accounts.ts";
import { ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { errorCodeText } from "../../i18n/errorMessages.ts";
import { AccountCard } from "./AccountCard.tsx";
import { accountText as t } from "./messages.ts";
import { finishOAuth } from "./oauthState.ts";

const useStyles = makeStyles({
  box: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, alignItems: "flex-start" },
});

export function OAuthReturnPage(props: { provider: OAuthProvider }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const services = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const search = location.search as Record<string, unknown>;
    const code = typeof search.code === "string" ? search.code : "";
    const state = typeof search.state === "string" ? search.state : "";
    const purpose = finishOAuth(services.session, props.provider, state);
    if (!purpose || code === "") {
      setFailure(i18n._(t.oauthStale));
      return;
    }
    oauthSignIn(services.api, props.provider, code).then(
      (token) => {
        services.auth.set(token);
        if (purpose === "bind") {
          void navigate({ href: "/message?tab=profile", replace: true });
        } else {
          services.tracker.track("LOGIN", location.href, { method: props.provider });
          void navigate({ href: "/", replace: true });
        }
      },
      (error: unknown) => {
        const code = error instanceof ApiError ? error.code : null;
        setFailure(
          code !== null && code >= 1000
            ? errorCodeText(i18n, code, error instanceof Error ? error.message : "")
            : "",
        );
      },
    );
  }, [services, props.provider, navigate, location, i18n]);

  return (
    <AccountCard title={i18n._(props.provider === "google" ? t.google : t.wechat)}>
      {failure === null ? (
        <Spinner label={i18n._(t.signingIn)} />
      ) : (
        <div className={styles.box} role="alert">
          <Text weight="semibold">{i18n._(t.oauthFailed)}</Text>
          {failure && <Text>{failure}</Text>}
          <Button appearance="primary" onClick={() => void navigate({ href: "/login" })}>
            {i18n._(t.backToLogin)}
          </Button>
        </div>
      )}
    </AccountCard>
  );
}

export const GoogleReturnPage = () => <OAuthReturnPage provider="google" />;
export const WechatReturnPage = () => <OAuthReturnPage provider="wechat" />;
