/** The fields of one record in an admin drawer: a label beside each value. */
import { makeStyles, tokens } from "@fluentui/react-components";
import { Fragment, type ReactNode } from "react";

const useStyles = makeStyles({
  list: {
    display: "grid",
    gridTemplateColumns: "max-content 1fr",
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
});

export type DetailField = { id: string; label: string; value: ReactNode };

export function DetailList(props: { fields: readonly DetailField[] }) {
  const styles = useStyles();
  return (
    <dl className={styles.list}>
      {props.fields.map((field) => (
        <Fragment key={field.id}>
          <dt className={styles.label}>{field.label}</dt>
          <dd className={styles.value} data-detail={field.id}>
            {field.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
