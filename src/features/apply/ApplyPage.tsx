/**
 * `/apply`: the researcher application (spec sections 2, 5). The status is fetched on entry: no
 * application gives an empty form, a rejected one reapplied for (`needReApply`) the form filled
 * with the last application, anything else goes to /apply-result.
 */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { LoadStatus } from "../../ui/Status.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { ApplyForm } from "./ApplyForm.tsx";
import { applyEntry } from "./applyFlow.ts";
import { applyText as t } from "./messages.ts";
import { useApplicationStatus } from "./useApplicationStatus.ts";
import { valuesOf } from "./validation.ts";

const useStyles = makeStyles({
  page: {
    maxWidth: "720px",
    margin: "0 auto",
    paddingTop: tokens.spacingVerticalXL,
    paddingBottom: tokens.spacingVerticalXXL,
  },
  tools: { margin: `${tokens.spacingVerticalS} 0`, paddingLeft: tokens.spacingHorizontalXXL },
});

const applyRoute = getRouteApi("/apply");

export function ApplyPage() {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { needReApply, redirect } = applyRoute.useSearch();
  const load = useApplicationStatus();
  const status = load.data;
  const entry = status ? applyEntry(status.latest_status, needReApply === 1) : null;

  useEffect(() => {
    if (entry?.kind === "result") void navigate({ to: "/apply-result", replace: true });
  }, [entry?.kind, navigate]);

  return (
    <section className={mergeClasses(stack.l, styles.page)} data-apply-page>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(t.title)}
      </Text>
      <div>
        <Text>{i18n._(t.toolsIntro)}</Text>
        <ul className={styles.tools} data-research-tools>
          {[t.toolCharImage, t.toolCharType, t.toolColophon, t.toolPeople].map((tool) => (
            <li key={tool.id}>
              <Text>{i18n._(tool)}</Text>
            </li>
          ))}
        </ul>
        <Text>{i18n._(t.review)}</Text>
      </div>
      <LoadStatus load={load} />
      {status && entry?.kind === "form" && (
        <ApplyForm prefilled={entry.prefill ? valuesOf(status) : null} redirect={redirect} />
      )}
    </section>
  );
}
