/**
 * `/login/google` and `/login/wechat`: where the provider sends the reader back. The code is
 * traded for a session (or, for a binding started from the profile, bound to the account).
 */
import { Button, makeStyles, mergeClasses, Spinner, Text } from "@fluentui/react-components";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { OAuthProvider } from "../../../contract/oauth.ts";
import { oauthSignIn } from "../../api/accounts.ts";
import { ApiCodeError, ApiError } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { errorCodeText } from "../../i18n/errorMessages.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { AccountCard } from "./AccountCard.tsx";
import { accountText as t } from "./messages.ts";
import { finishOAuth } from "./oauthState.ts";

const useStyles = makeStyles({
  box: { alignItems: "flex-start" },
});

/** The reason to show under "not signed in": the code's text, or nothing for a lost connection. */
function failureTextOf(i18n: I18n, error: unknown): string {
  if (!(error instanceof ApiError) || error.code === null) return "";
  return errorCodeText(i18n, error.code, error instanceof ApiCodeError ? error.message : "");
}

export function OAuthReturnPage(props: { provider: OAuthProvider }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const services = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const [failure, setFailure] = useState<{ text: string; binding: boolean } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const search = location.search as Record<string, unknown>;
    const code = typeof search.code === "string" ? search.code : "";
    const state = typeof search.state === "string" ? search.state : "";
    const purpose = finishOAuth(services.session, props.provider, state);
    if (!purpose || code === "") {
      setFailure({ text: i18n._(t.oauthStale), binding: services.auth.state().signedIn });
      return;
    }
    // Signed in already: the trip binds the provider to the account (started from the profile).
    const binding = purpose === "bind" || services.auth.state().signedIn;
    oauthSignIn(services.api, props.provider, code).then(
      (token) => {
        services.auth.set(token);
        if (binding) {
          services.events.emit("success", i18n._(t.bindDone));
          void navigate({ href: "/message?tab=profile", replace: true });
        } else {
          services.tracker.track("LOGIN", location.href, { method: props.provider });
          void navigate({ href: "/", replace: true });
        }
      },
      (error: unknown) => setFailure({ text: failureTextOf(i18n, error), binding }),
    );
  }, [services, props.provider, navigate, location, i18n]);

  return (
    <AccountCard title={i18n._(props.provider === "google" ? t.google : t.wechat)}>
      {failure === null ? (
        <Spinner label={i18n._(t.signingIn)} />
      ) : (
        <div className={mergeClasses(stack.m, styles.box)} role="alert">
          <Text weight="semibold">{i18n._(t.oauthFailed)}</Text>
          {failure.text && <Text>{failure.text}</Text>}
          {failure.binding ? (
            <Button appearance="primary" onClick={() => void navigate({ href: "/message?tab=profile" })}>
              {i18n._(t.backToProfile)}
            </Button>
          ) : (
            <Button appearance="primary" onClick={() => void navigate({ href: "/login" })}>
              {i18n._(t.backToLogin)}
            </Button>
          )}
        </div>
      )}
    </AccountCard>
  );
}

export const GoogleReturnPage = () => <OAuthReturnPage provider="google" />;
export const WechatReturnPage = () => <OAuthReturnPage provider="wechat" />;
