/**
 * A card that opens one thing: its heading is a link (or, where there is nothing to open yet, a
 * button), stretched over the whole card, so the card clicks as one and the keyboard reaches it as
 * one tab stop. Fluent's clickable Card would make the card a focus group of its own instead, whose
 * hidden focus bumpers accessibility checkers read as focusable content hidden from them.
 */
import { Card, CardHeader, Link, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useNavigate } from "@tanstack/react-router";
import type { MouseEvent, ReactElement, ReactNode } from "react";

const useStyles = makeStyles({
  card: { position: "relative", ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover } },
  heading: {
    color: tokens.colorNeutralForeground1,
    textAlign: "start",
    "::after": { content: '""', position: "absolute", inset: 0 },
  },
});

/** What the card opens: an address of the app, or an action of the screen's own. */
export type CardTarget = { href: string } | { onOpen(): void };

type Props = {
  heading: string;
  description?: ReactElement;
  children?: ReactNode;
  target: CardTarget | null;
  className?: string;
} & Record<`data-${string}`, string | undefined>;

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function LinkCard({ heading, description, children, target, className, ...data }: Props) {
  const styles = useStyles();
  const navigate = useNavigate();
  const title = <Text weight="semibold">{heading}</Text>;
  let header: ReactNode = title;
  if (target && "href" in target) {
    const open = (event: MouseEvent) => {
      if (!plainClick(event)) return;
      event.preventDefault();
      void navigate({ href: target.href });
    };
    header = (
      <Link className={styles.heading} href={target.href} onClick={open}>
        {title}
      </Link>
    );
  } else if (target) {
    header = (
      <Link as="button" className={styles.heading} onClick={target.onOpen}>
        {title}
      </Link>
    );
  }
  return (
    <Card className={mergeClasses(styles.card, className)} {...data}>
      <CardHeader header={header} description={description} />
      {children}
    </Card>
  );
}
