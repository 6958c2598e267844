/** The head of a home section that shows its cards a few at a time: its title, then previous and next. */
import { Button, makeStyles, Text } from "@fluentui/react-components";
import { ChevronLeft24Regular, ChevronRight24Regular } from "@fluentui/react-icons";

const useStyles = makeStyles({
  head: { display: "flex", alignItems: "center", justifyContent: "space-between" },
});

export function SectionHead(props: {
  title: string;
  prevLabel: string;
  nextLabel: string;
  onPrev(): void;
  onNext(): void;
  atFirst?: boolean;
  atLast?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.head}>
      <Text as="h2" size={500} weight="semibold">
        {props.title}
      </Text>
      <span>
        <Button
          appearance="subtle"
          icon={<ChevronLeft24Regular />}
          aria-label={props.prevLabel}
          disabled={props.atFirst}
          onClick={props.onPrev}
        />
        <Button
          appearance="subtle"
          icon={<ChevronRight24Regular />}
          aria-label={props.nextLabel}
          disabled={props.atLast}
          onClick={props.onNext}
        />
      </span>
    </div>
  );
}
