/**
 * A screen's level-one heading for readers of the page's structure (screen readers, the outline)
 * where the screen shows its subject in other ways (a search box, a page's toolbar).
 */
import { makeStyles } from "@fluentui/react-components";

const useStyles = makeStyles({
  hidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: 0,
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
    border: 0,
  },
});

export function ScreenHeading(props: { text: string }) {
  const styles = useStyles();
  return <h1 className={styles.hidden}>{props.text}</h1>;
}
