/**
 * The filter bar of an admin list screen: the screen's filter fields, the primary search button
 * (which Enter triggers anywhere on the screen) and the clear button, plus any actions of the
 * screen (add, column chooser) at the end.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { SearchRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { pressesSearch } from "./enterSearches.ts";
import type { FilterSpec } from "./listSearch.ts";
import { listScreenText as t } from "./text.ts";
import type { ListControls } from "./useListSearch.ts";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  // Search and clear wrap to a new row together, never one without the other.
  buttons: { display: "flex", gap: tokens.spacingHorizontalM },
  spacer: { flex: "1 1 auto" },
});

export function ListSearchForm<Spec extends FilterSpec>(props: {
  controls: ListControls<Spec>;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const form = formRef.current;
      if (!form || !pressesSearch(event, form)) return;
      event.preventDefault();
      searchRef.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form
      ref={formRef}
      className={styles.bar}
      aria-label={i18n._(t.filters)}
      data-admin-search-form
      onSubmit={(event) => {
        event.preventDefault();
        props.controls.runSearch();
      }}
    >
      {props.children}
      <span className={styles.buttons}>
        <Button ref={searchRef} type="submit" appearance="primary" icon={<SearchRegular />} data-admin-search>
          {i18n._(t.search)}
        </Button>
        <Button type="button" onClick={props.controls.clear} data-admin-clear>
          {i18n._(t.clear)}
        </Button>
      </span>
      <span className={styles.spacer} />
      {props.actions}
    </form>
  );
}
