/**
 * `/{tripitaka}/people`: the people of the canon for researchers (spec sections 2 and 6, knowledge
 * graph). Filters by name (any of a person's names, their biography's title or their places, either
 * script; a hit says which of these held it), dynasty and whether the person has a biography of
 * their own, kept in the address; the table with its column chooser, sortable name, years,
 * students and mentions, and pager; a name opens the person's page.
 */
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { fetchPersons } from "../../api/persons.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { ListScreen, useListScreen } from "../list-screen/ListScreen.tsx";
import { personColumns } from "./personColumns.tsx";
import { PERSON_COLUMN_IDS, PERSON_COLUMNS_KEY, PERSON_LIST, personApiQuery } from "./personSearch.ts";
import { peopleText as t } from "./text.ts";

export function PersonSearchPage() {
  const { i18n } = useLingui();
  const { api } = useServices();
  const { script } = useScript();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const screen = useListScreen(PERSON_LIST, (query, signal) =>
    fetchPersons(api, personApiQuery(query, tripitaka), signal),
  );

  return (
    <ListScreen
      screen={screen}
      title={routeTitles.people}
      marker="data-people"
      filters={[
        { name: "name", label: t.nameQuery },
        { name: "dynasty", label: t.dynasty },
        { name: "source", label: t.source, choices: { biography: t.withBiography } },
      ]}
      columns={personColumns(i18n, script)}
      columnIds={PERSON_COLUMN_IDS}
      columnsKey={PERSON_COLUMNS_KEY}
      rowKey={(row) => row.id}
      rowAttributes={(row) => ({ "data-person-row": row.id })}
      tableLabel={t.tableLabel}
    />
  );
}
