/**
 * `/apply-result` (spec section 2): success, pending or failure with its picture and text, the
 * rejection reason (from the newest log), the contact address, back home and, after a rejection,
 * reapply. A reader with no application is sent to the form.
 */
import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useSyncExternalStore } from "react";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { APPLICATION_CONTACT_EMAIL, type ResultView, resultView } from "./applyFlow.ts";
import { applyText as t } from "./messages.ts";
import { ResultPicture } from "./ResultPictures.tsx";
import { useApplicationStatus } from "./useApplicationStatus.ts";

const useStyles = makeStyles({
  page: {
    alignItems: "center",
    textAlign: "center",
    maxWidth: "640px",
    margin: "0 auto",
    paddingTop: tokens.spacingVerticalXXL,
    paddingBottom: tokens.spacingVerticalXXL,
  },
  reason: {
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    color: tokens.colorPaletteRedForeground1,
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
});

type Shown = Exclude<ResultView, { kind: "none" }>;

const wording: Record<Shown["kind"], { title: MessageDescriptor; text: MessageDescriptor }> = {
  success: { title: t.approvedTitle, text: t.approvedText },
  pending: { title: t.pendingTitle, text: t.pendingText },
  failure: { title: t.rejectedTitle, text: t.rejectedText },
};

export function ApplyResultPage() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { auth } = useServices();
  const signIn = useSyncExternalStore(auth.subscribe, auth.state);
  const load = useApplicationStatus();
  const view = load.data ? resultView(load.data, signIn.signedIn ? signIn.roles : []) : null;

  useEffect(() => {
    if (view?.kind === "none") void navigate({ to: "/apply", replace: true });
  }, [view?.kind, navigate]);

  if (!view || view.kind === "none") {
    return (
      <section className={mergeClasses(stack.m, styles.page)}>
        <LoadStatus load={load} />
      </section>
    );
  }
  const words = wording[view.kind];
  return (
    <section className={mergeClasses(stack.m, styles.page)} data-apply-result={view.kind}>
      <ResultPicture kind={view.kind} label={i18n._(words.title)} />
      <Text as="h1" size={600} weight="semibold">
        {i18n._(words.title)}
      </Text>
      <Text>{i18n._(words.text)}</Text>
      {view.kind === "failure" && view.reason !== "" && (
        <Text className={styles.reason} data-apply-reason>
          {tr(i18n, t.reason, { reason: view.reason })}
        </Text>
      )}
      <Text size={200} data-apply-contact>
        {tr(i18n, t.contact, { email: APPLICATION_CONTACT_EMAIL })}
      </Text>
      <div className={styles.actions}>
        <Button
          appearance={view.kind === "failure" && view.reapply ? "secondary" : "primary"}
          onClick={() => void navigate({ href: "/" })}
          data-apply-home
        >
          {i18n._(t.backHome)}
        </Button>
        {view.kind === "failure" && view.reapply && (
          <Button
            appearance="primary"
            onClick={() => void navigate({ href: "/apply?needReApply=1" })}
            data-apply-reapply
          >
            {i18n._(t.reapply)}
          </Button>
        )}
      </div>
    </section>
  );
}
