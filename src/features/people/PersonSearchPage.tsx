/**
 * `/{tripitaka}/people`: the people of the canon for researchers (spec sections 2 and 6, knowledge
 * graph). Filters by name (any of a person's names, their biography's title or their places, either
 * script; a hit says which of these held it), dynasty and whether the person has a biography of
 * their own, kept in the address; the table with its column chooser, sortable name, years,
 * students and mentions, and pager; a name opens the person's page.
 */
import { makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useParams } from "@tanstack/react-router";
import { fetchPersons } from "../../api/persons.ts";
import { routeTitles } from "../../app/routes/titles.ts";
import { useScript } from "../../app/shell/script.tsx";
import { useServices } from "../../app/shell/services.ts";
import { ColumnChooser } from "../../ui/ColumnChooser.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useStoredColumns } from "../../ui/useStoredColumns.ts";
import { ChoiceFilter, ListSearchForm, TextFilter } from "../list-screen/ListSearchForm.tsx";
import { ListTable } from "../list-screen/ListTable.tsx";
import { useListSearch } from "../list-screen/useListSearch.ts";
import { personColumns } from "./personColumns.tsx";
import { PERSON_COLUMN_IDS, PERSON_COLUMNS_KEY, PERSON_LIST, personApiQuery } from "./personSearch.ts";
import { peopleText as t } from "./text.ts";

const useStyles = makeStyles({
  page: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
});

export function PersonSearchPage() {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { script } = useScript();
  const { tripitaka = "" } = useParams({ strict: false }) as { tripitaka?: string };
  const controls = useListSearch(PERSON_LIST);
  const load = useLoad(controls.loadKey, (signal) =>
    fetchPersons(api, personApiQuery(controls.request, tripitaka), signal),
  );
  const [visible, setVisible] = useStoredColumns(PERSON_COLUMNS_KEY, PERSON_COLUMN_IDS, PERSON_COLUMN_IDS);
  const all = personColumns(i18n, script);
  const columns = all.filter((column) => visible.includes(column.id));

  return (
    <section className={styles.page} data-people>
      <Text as="h1" size={600} weight="semibold">
        {i18n._(routeTitles.people)}
      </Text>
      <ListSearchForm
        controls={controls}
        actions={<ColumnChooser columns={all} visible={visible} onChange={setVisible} />}
      >
        <TextFilter controls={controls} name="name" label={i18n._(t.nameQuery)} />
        <TextFilter controls={controls} name="dynasty" label={i18n._(t.dynasty)} />
        <ChoiceFilter
          controls={controls}
          name="source"
          label={i18n._(t.source)}
          choices={[{ value: "biography", label: i18n._(t.withBiography) }]}
        />
      </ListSearchForm>
      <ListTable
        controls={controls}
        load={load}
        columns={columns}
        rowKey={(row) => row.id}
        rowAttributes={(row) => ({ "data-person-row": row.id })}
        ariaLabel={i18n._(t.tableLabel)}
      />
    </section>
  );
}
