/** The centred card the sign-in, sign-up and recovery screens sit in. */
import { Button, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { useStackStyles } from "../../ui/stack.ts";
import { FormAlert } from "./fields.tsx";
import type { FormFailure } from "./useFormErrors.ts";

const useStyles = makeStyles({
  // Centred in the window, not in the content column (which stops at 1200 px, on the left): as
  // wide as the window less the column's left padding on both sides and a scrollbar's width.
  page: {
    display: "flex",
    justifyContent: "center",
    paddingTop: tokens.spacingVerticalXXL,
    width: `max(100%, calc(100vw - 2 * ${tokens.spacingHorizontalXL} - 16px))`,
  },
  card: {
    width: "min(420px, 100%)",
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

export function AccountCard(props: { title: string; children: ReactNode }) {
  const styles = useStyles();
  const stack = useStackStyles();
  return (
    <div className={styles.page}>
      <section className={mergeClasses(stack.m, styles.card)}>
        <Text as="h1" size={600} weight="semibold">
          {props.title}
        </Text>
        {props.children}
      </section>
    </div>
  );
}

/**
 * A form that never reloads the page and reports submission to `onSubmit`: its fields, then a
 * refusal no field explains and the submit button, which waits while the form is being sent.
 */
export function AccountForm(props: {
  name: string;
  onSubmit(): void;
  state: { failure: FormFailure | null; busy: boolean };
  submitText: MessageDescriptor;
  children: ReactNode;
}) {
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <form
      className={stack.m}
      name={props.name}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <FormAlert failure={props.state.failure} />
      <Button appearance="primary" type="submit" disabled={props.state.busy}>
        {i18n._(props.submitText)}
      </Button>
    </form>
  );
}
