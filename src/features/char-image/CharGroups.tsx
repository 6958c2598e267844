/**
 * The group tab: each character of the search (in the form chosen to count by) with its number of
 * char images, 100 a page with their own pager. Choosing one returns to the list searching that
 * character in that form; the boxes with no text are counted but open nothing.
 */
import { Button, Field, makeStyles, mergeClasses, Select, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { CHAR_GROUP_SORTS, type CharGroupSort } from "../../../contract/char-image-rules.ts";
import { type TxtType, txtTypes } from "../../../contract/tripitaka.ts";
import { fetchCharGroups } from "../../api/charImage.ts";
import { useServices } from "../../app/shell/services.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { PagedResult } from "../list-screen/ListTable.tsx";
import type { CharImageControls } from "./CharImageSearchBar.tsx";
import { filterOfForm } from "./charImageSearch.ts";
import { formText, groupSortText, charImageText as t } from "./text.ts";
import { useCharFont } from "./useCharFont.ts";

const useStyles = makeStyles({
  choices: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalL },
  choice: { maxWidth: "180px" },
  tiles: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))",
    gap: tokens.spacingHorizontalS,
  },
  tile: {
    width: "100%",
    alignItems: "center",
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
  },
  still: {
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  char: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  count: { color: tokens.colorNeutralForeground3 },
});

const isTxtType = (value: string): value is TxtType => (txtTypes as readonly string[]).includes(value);
const isGroupSort = (value: string): value is CharGroupSort =>
  (CHAR_GROUP_SORTS as readonly string[]).includes(value);

/** The group view's query: the list's filters, without its order and pager. */
function filtersOf(request: Record<string, string | number>): Record<string, string | number> {
  const { page_no: _no, page_size: _size, sort_by: _sort, ...filters } = request;
  return filters;
}

export function CharGroups(props: { controls: CharImageControls; tripitakaUid: string; empty?: ReactNode }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const { api } = useServices();
  const { controls, tripitakaUid } = props;
  const { txt_type: txtType, sort_by_group: sortBy } = controls.extras.views;
  const { page_no_group: pageNo, page_size_group: pageSize } = controls.extras;
  const load = useLoad(`groups:${tripitakaUid}:${controls.loadKey}`, (signal) =>
    fetchCharGroups(
      api,
      tripitakaUid,
      filtersOf(controls.request),
      { txt_type: txtType, sort_by: sortBy },
      { page_no: pageNo, page_size: pageSize },
      signal,
    ),
  );
  const page = load.data ?? load.latest;
  const fontFamily = useCharFont((page?.list ?? []).map((group) => group.txt).join(""), tripitakaUid);
  return (
    <PagedResult
      load={load}
      pageNo={pageNo}
      pageSize={pageSize}
      onPage={controls.chooseGroupPage}
      state="data-char-groups"
      empty={props.empty}
      className={stack.m}
      header={
        <div className={styles.choices}>
          <Field label={i18n._(t.groupBy)} className={styles.choice}>
            <Select
              name="txt_type"
              value={txtType}
              onChange={(_, data) => {
                if (isTxtType(data.value)) controls.chooseViews({ txt_type: data.value });
              }}
            >
              {txtTypes.map((form) => (
                <option key={form} value={form}>
                  {i18n._(formText[form])}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={i18n._(t.groupSort)} className={styles.choice}>
            <Select
              name="sort_by_group"
              value={sortBy}
              onChange={(_, data) => {
                if (isGroupSort(data.value)) controls.chooseViews({ sort_by_group: data.value });
              }}
            >
              {CHAR_GROUP_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {i18n._(groupSortText[sort])}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      }
    >
      {(rows) => (
        <ul className={styles.tiles} aria-label={i18n._(t.groupsLabel)}>
          {rows.map((group) => {
            const body = (
              <>
                <span className={styles.char} style={{ fontFamily }}>
                  {group.txt || i18n._(t.noText)}
                </span>
                <Text className={styles.count}>{tr(i18n, t.groupCount, { count: group.count })}</Text>
              </>
            );
            const hooks = { "data-char-group": group.txt, "data-count": String(group.count) };
            return (
              <li key={group.txt}>
                {group.txt === "" ? (
                  <div className={mergeClasses(stack.xxs, styles.tile, styles.still)} {...hooks}>
                    {body}
                  </div>
                ) : (
                  <Button
                    className={mergeClasses(stack.xxs, styles.tile)}
                    aria-label={tr(i18n, t.openGroup, { char: group.txt })}
                    onClick={() =>
                      controls.chooseViews({ tab: "list" }, { [filterOfForm(txtType)]: group.txt })
                    }
                    {...hooks}
                  >
                    {body}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </PagedResult>
  );
}
