/** A long text in a table cell, clipped to a few lines; the whole text shows on hover. */
import { makeStyles } from "@fluentui/react-components";

const useStyles = makeStyles({
  clipped: {
    display: "-webkit-box",
    WebkitBoxOrient: "vertical",
    overflow: "hidden",
    overflowWrap: "anywhere",
    minWidth: "120px",
  },
});

export function ClippedText(props: { text: string; lines?: number }) {
  const styles = useStyles();
  return (
    <span
      className={styles.clipped}
      style={{ WebkitLineClamp: props.lines ?? 2 }}
      title={props.text}
      data-clipped
    >
      {props.text}
    </span>
  );
}
