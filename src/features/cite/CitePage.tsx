/**
 * `/cite/{reference}`: a pasted reference opened at its place (the reel at the line, or the scan
 * at the column, with it marked), from downloaded data when offline; a reference that cannot be
 * read, is not held or cannot be reached now says why.
 */
import {
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { networkState } from "../../offline/network.ts";
import { library } from "../../offline/reading/reading.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { type CiteOutcome, resolveCitation } from "./resolveCitation.ts";
import { citeText as t } from "./text.ts";

const citeApi = getRouteApi("/cite/$reference");

const useStyles = makeStyles({
  page: { paddingTop: tokens.spacingVerticalXL },
  candidates: { display: "flex", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
});

function OutcomeMessage({ outcome }: { outcome: Exclude<CiteOutcome, { kind: "found" }> }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  if (outcome.kind === "missing") return <Text>{tr(i18n, t.missing, { page: outcome.pageUid })}</Text>;
  if (outcome.kind === "offline") return <Text>{tr(i18n, t.offline, { page: outcome.pageUid })}</Text>;
  const { error } = outcome;
  if (error.code === "UNKNOWN_COLLECTION")
    return <Text>{tr(i18n, t.UNKNOWN_COLLECTION, { collection: error.collection })}</Text>;
  if (error.code === "AMBIGUOUS")
    return (
      <>
        <Text>{i18n._(t.AMBIGUOUS)}</Text>
        <div className={styles.candidates}>
          {error.candidates.map((pageUid) => (
            <RouterLink
              key={pageUid}
              to="/cite/$reference"
              params={{ reference: pageUid }}
              data-cite-candidate={pageUid}
            >
              {pageUid}
            </RouterLink>
          ))}
        </div>
      </>
    );
  return <Text>{i18n._(t[error.code])}</Text>;
}

export function CitePage() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { reference } = citeApi.useParams();
  const { api } = useServices();
  const navigate = useNavigate();
  const load = useLoad(`cite:${reference}`, (signal) =>
    resolveCitation({ api, network: networkState(), library }, reference, signal),
  );
  const outcome = load.data;

  useEffect(() => {
    if (outcome?.kind === "found") void navigate({ href: outcome.place.href, replace: true });
  }, [outcome, navigate]);

  return (
    <section
      className={mergeClasses(stack.m, styles.page)}
      data-cite-page
      data-cite-outcome={outcome?.kind ?? (load.error ? "failed" : "resolving")}
    >
      <Text as="h1" size={600} weight="semibold">
        {i18n._(t.title)}
      </Text>
      <Text font="monospace" data-cite-reference>
        {reference}
      </Text>
      {(load.loading || outcome?.kind === "found") && (
        <Spinner size="small" labelPosition="after" label={tr(i18n, t.resolving, { reference })} />
      )}
      {outcome && outcome.kind !== "found" && (
        <MessageBar intent={outcome.kind === "offline" ? "warning" : "error"}>
          <MessageBarBody>
            <OutcomeMessage outcome={outcome} />
          </MessageBarBody>
        </MessageBar>
      )}
      {load.error && (
        <MessageBar intent="error">
          <MessageBarBody>{tr(i18n, t.failed, { reason: load.error.message })}</MessageBarBody>
        </MessageBar>
      )}
      {(outcome?.kind === "offline" || load.error) && (
        <div>
          <Button onClick={load.reload}>{i18n._(t.retry)}</Button>
        </div>
      )}
    </section>
  );
}
