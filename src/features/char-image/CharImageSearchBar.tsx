/**
 * The character image screen's search bar (spec section 2): the original, Unicode, standard and
 * simplified text (one character each), and behind More the page, the char number and the sutra;
 * search (Enter), clear, the statistics dropdown and More/Close; and for the list, its mode and
 * its columns. A search with more than one character in a text field is not sent.
 */
import { Button, Field, Input, makeStyles, ToggleButton, Tooltip } from "@fluentui/react-components";
import { GridRegular, TableRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { CHAR_TEXT_FILTERS } from "../../../contract/char-image-rules.ts";
import { ColumnChooser } from "../../ui/ColumnChooser.tsx";
import { ListSearchForm } from "../list-screen/ListSearchForm.tsx";
import type { ListControls } from "../list-screen/useListSearch.ts";
import { CharStatsMenu } from "./CharStatsMenu.tsx";
import {
  CHAR_IMAGE_COLUMN_IDS,
  type CharImageFilterSpec,
  type CharImageViews,
  isOneChar,
  MORE_FILTERS,
  TEXT_FILTERS,
} from "./charImageSearch.ts";
import { columnText, formText, charImageText as t } from "./text.ts";

export type CharImageControls = ListControls<CharImageFilterSpec, CharImageViews>;

const useStyles = makeStyles({
  char: { width: "96px" },
  input: { width: "100%", minWidth: 0 },
  inner: { minWidth: 0, width: "100%" },
  more: { minWidth: "160px", maxWidth: "200px" },
});

export function CharImageSearchBar(props: {
  controls: CharImageControls;
  tripitakaUid: string;
  visible: readonly string[];
  onColumns(visible: string[]): void;
}) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const { controls } = props;
  const [more, setMore] = useState(() => MORE_FILTERS.some((key) => controls.search.filters[key] !== ""));
  const [checked, setChecked] = useState(false);
  const valid = TEXT_FILTERS.every((key) => isOneChar(controls.draft[key]));
  const guarded: CharImageControls = {
    ...controls,
    runSearch: () => {
      setChecked(true);
      if (valid) controls.runSearch();
    },
  };
  const { tab, mode, txt_type: txtType } = controls.extras.views;
  const columns = CHAR_IMAGE_COLUMN_IDS.map((id) => ({ id, label: i18n._(columnText[id]) }));
  const moreLabels = { page_uid: t.pageUid, char_sn: t.charSn, sutra_uid: t.sutraUid } as const;
  const moreHints = { page_uid: t.pageUidHint, char_sn: t.charSnHint, sutra_uid: t.sutraUidHint } as const;

  return (
    <ListSearchForm
      controls={guarded}
      actions={
        <>
          <CharStatsMenu
            tripitakaUid={props.tripitakaUid}
            query={controls.request}
            loadKey={controls.loadKey}
            txtType={txtType}
          />
          <Button
            appearance="subtle"
            onClick={() => setMore((open) => !open)}
            data-char-more={more ? "open" : "closed"}
          >
            {i18n._(more ? t.less : t.more)}
          </Button>
          {tab === "list" && (
            <>
              <Tooltip content={i18n._(mode === "table" ? t.modeCard : t.modeTable)} relationship="label">
                <ToggleButton
                  checked={mode === "card"}
                  icon={mode === "card" ? <GridRegular /> : <TableRegular />}
                  onClick={() => controls.chooseViews({ mode: mode === "card" ? "table" : "card" })}
                  data-char-mode={mode}
                />
              </Tooltip>
              {mode === "table" && (
                <ColumnChooser columns={columns} visible={props.visible} onChange={props.onColumns} />
              )}
            </>
          )}
        </>
      }
    >
      {TEXT_FILTERS.map((key) => {
        const bad = checked && !isOneChar(controls.draft[key]);
        return (
          <Field
            key={key}
            label={i18n._(formText[CHAR_TEXT_FILTERS[key]])}
            className={styles.char}
            validationState={bad ? "error" : "none"}
            validationMessage={bad ? i18n._(t.oneChar) : undefined}
          >
            <Input
              name={key}
              className={styles.input}
              input={{ className: styles.inner }}
              value={controls.draft[key]}
              onChange={(_, data) => controls.setDraft(key, data.value)}
            />
          </Field>
        );
      })}
      {more &&
        MORE_FILTERS.map((key) => (
          <Field key={key} label={i18n._(moreLabels[key])} className={styles.more}>
            <Input
              name={key}
              value={controls.draft[key]}
              placeholder={i18n._(moreHints[key])}
              onChange={(_, data) => controls.setDraft(key, data.value)}
            />
          </Field>
        ))}
    </ListSearchForm>
  );
}
