/** A status screen: its code, a headline, what it means and what the reader can do next. */
import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { common } from "../i18n/messages.ts";
import { useStackStyles } from "./stack.ts";

const useStyles = makeStyles({
  box: { alignItems: "flex-start", paddingTop: tokens.spacingVerticalXXL, maxWidth: "640px" },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

export type StatusAction = { label: MessageDescriptor; href: string; name: string };

export function StatusPage(props: {
  code?: string;
  title: MessageDescriptor;
  text: MessageDescriptor;
  /** The first is the primary action; back home always follows. */
  actions?: readonly StatusAction[];
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  return (
    <section className={mergeClasses(stack.m, styles.box)} data-status-page={props.code}>
      {props.code && (
        <Text size={900} weight="semibold">
          {props.code}
        </Text>
      )}
      <Text as="h1" size={600} weight="semibold">
        {i18n._(props.title)}
      </Text>
      <Text>{i18n._(props.text)}</Text>
      <div className={styles.actions}>
        {(props.actions ?? []).map((action, index) => (
          <Button
            key={action.name}
            appearance={index === 0 ? "primary" : "secondary"}
            data-status-action={action.name}
            onClick={() => void navigate({ href: action.href })}
          >
            {i18n._(action.label)}
          </Button>
        ))}
        <Button onClick={() => void navigate({ href: "/" })}>{i18n._(common.backHome)}</Button>
      </div>
    </section>
  );
}
