/** The end of sign-up and password reset: a success message and a 5 s countdown to sign-in. */
import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { CheckmarkCircle48Filled } from "@fluentui/react-icons";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { accountText as t } from "./messages.ts";

export const SUCCESS_REDIRECT_SECONDS = 5;

const useStyles = makeStyles({
  box: { alignItems: "center" },
  icon: { color: tokens.colorPaletteGreenForeground1 },
});

export function SuccessView(props: { title: MessageDescriptor }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  // Sign-in keeps the query (a stored page to return to, a redirect_uri).
  const { searchStr } = useLocation();
  const loginHref = `/login${searchStr}`;
  const [left, setLeft] = useState(SUCCESS_REDIRECT_SECONDS);

  useEffect(() => {
    if (left <= 0) {
      void navigate({ href: loginHref });
      return;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate, loginHref]);

  return (
    <div className={mergeClasses(stack.m, styles.box)} role="status">
      <CheckmarkCircle48Filled className={styles.icon} />
      <Text size={500} weight="semibold">
        {i18n._(props.title)}
      </Text>
      <Text>{tr(i18n, t.redirectCountdown, { seconds: left })}</Text>
      <Button appearance="primary" onClick={() => void navigate({ href: loginHref })}>
        {i18n._(t.goLoginNow)}
      </Button>
    </div>
  );
}
