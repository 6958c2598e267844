/** The simple screens: 404 and 401 (with a login button). */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { common, pages } from "../../i18n/messages.ts";

const useStyles = makeStyles({
  box: {
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalXXL,
  },
});

function StatusPage(props: {
  code?: string;
  title: MessageDescriptor;
  text: MessageDescriptor;
  login?: boolean;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { search } = useLocation();
  // Sent here by a guard (needRedirect=1): sign-in returns to the stored page.
  const needRedirect = (search as Record<string, unknown>).needRedirect;
  const loginHref = needRedirect === 1 || needRedirect === "1" ? "/login?needRedirect=1" : "/login";
  return (
    <section className={styles.box}>
      {props.code && (
        <Text size={900} weight="semibold">
          {props.code}
        </Text>
      )}
      <Text as="h1" size={600} weight="semibold">
        {i18n._(props.title)}
      </Text>
      <Text>{i18n._(props.text)}</Text>
      <div>
        {props.login && (
          <Button appearance="primary" onClick={() => void navigate({ href: loginHref })}>
            {i18n._(common.login)}
          </Button>
        )}{" "}
        <Button onClick={() => void navigate({ href: "/" })}>{i18n._(common.backHome)}</Button>
      </div>
    </section>
  );
}

export const NotFoundPage = () => (
  <StatusPage code="404" title={pages.notFoundTitle} text={pages.notFoundText} />
);

export const UnauthorizedPage = () => (
  <StatusPage code="401" title={pages.unauthorizedTitle} text={pages.unauthorizedText} login />
);
