/**
 * The generated table of contents of an article: its h1–h3 headings, indented by level (the
 * highest level present flush left), the current one marked.
 */
import { makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { MouseEvent } from "react";
import { useStackStyles } from "../../ui/stack.ts";
import type { ArticleHeading } from "./markdown.ts";
import { articleText as t } from "./text.ts";

const useStyles = makeStyles({
  list: { listStyle: "none", margin: 0, padding: 0, borderLeft: `2px solid ${tokens.colorNeutralStroke2}` },
  entry: {
    display: "block",
    marginLeft: "-2px",
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderLeft: "2px solid transparent",
    color: tokens.colorNeutralForeground2,
    textDecorationLine: "none",
    ":hover": { color: tokens.colorBrandForeground1 },
  },
  indent1: { paddingLeft: tokens.spacingHorizontalXL },
  indent2: { paddingLeft: tokens.spacingHorizontalXXXL },
  current: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderLeftColor: tokens.colorBrandStroke1,
  },
});

export function TableOfContents(props: {
  headings: readonly ArticleHeading[];
  current: string | null;
  onChoose(id: string): void;
}) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const indents = [undefined, styles.indent1, styles.indent2];
  const topLevel = Math.min(...props.headings.map((heading) => heading.level));
  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onChoose(id);
  };
  return (
    <nav className={stack.xs} aria-label={i18n._(t.contents)} data-toc>
      <Text weight="semibold">{i18n._(t.contents)}</Text>
      <ul className={styles.list}>
        {props.headings.map((heading) => {
          const current = heading.id === props.current;
          return (
            <li key={heading.id}>
              <a
                href={`#${encodeURIComponent(heading.id)}`}
                className={mergeClasses(
                  styles.entry,
                  indents[heading.level - topLevel],
                  current && styles.current,
                )}
                aria-current={current ? "location" : undefined}
                data-toc-entry={heading.id}
                data-level={heading.level}
                onClick={(event) => follow(event, heading.id)}
              >
                {heading.text}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
