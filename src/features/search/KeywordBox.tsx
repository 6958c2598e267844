/**
 * The keyword box with its dropdown: the recent search inputs while the box is empty, and search
 * tips (sutras whose name holds what is typed, 8 at most) once something is typed. A recent input
 * searches again; a tip opens the sutra's first reel.
 */
import { Button, makeStyles, SearchBox, shorthands, Text, tokens } from "@fluentui/react-components";
import { HistoryRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { type Script, sutraName } from "../../../contract/names.ts";
import { SEARCH_KEYWORD_MAX } from "../../../contract/search-options.ts";
import { SutraLink } from "../catalogue/SutraLink.tsx";
import { searchText as t } from "./messages.ts";
import { matchSutras, SEARCH_TIPS_SHOWN } from "./sutraMatch.ts";
import type { RecentInputs } from "./useStoredState.ts";
import { useSutraIndex } from "./useSutraIndex.ts";

const useStyles = makeStyles({
  box: { position: "relative", flex: "1 1 320px", minWidth: "220px", maxWidth: "560px" },
  input: { width: "100%", maxWidth: "none" },
  dropdown: {
    position: "absolute",
    top: "100%",
    left: 0,
    right: 0,
    zIndex: 10,
    marginTop: tokens.spacingVerticalXXS,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    ...shorthands.padding(tokens.spacingVerticalXS, 0),
  },
  heading: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    ...shorthands.padding(tokens.spacingVerticalXXS, tokens.spacingHorizontalM),
    color: tokens.colorNeutralForeground3,
  },
  list: { listStyleType: "none", margin: 0, padding: 0 },
  item: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    cursor: "pointer",
    ...shorthands.padding(tokens.spacingVerticalXS, tokens.spacingHorizontalM),
    ":hover": { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  choice: { width: "100%", justifyContent: "flex-start", fontWeight: tokens.fontWeightRegular },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
  uid: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Arrow keys move through the items and back to the box (-1). */
function cycle(current: number, step: number, count: number): number {
  const next = current + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}

type Props = {
  tripitakaUid: string;
  value: string;
  onChange(value: string): void;
  onSearch(keyword: string): void;
  recent: RecentInputs;
  script: Script;
};

export function KeywordBox(props: Props) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const sutras = useSutraIndex(props.tripitakaUid);
  const typed = props.value.trim();
  const tips = useMemo(
    () => (typed === "" ? [] : matchSutras(sutras, typed).slice(0, SEARCH_TIPS_SHOWN)),
    [sutras, typed],
  );
  const recent = typed === "" ? props.recent.list : [];
  const count = typed === "" ? recent.length : tips.length;
  const shown = open && count > 0;
  const dropdownId = useId();

  const choose = (keyword: string) => {
    setOpen(false);
    props.onChange(keyword);
    props.onSearch(keyword);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" || (event.key === "Enter" && active < 0)) setOpen(false);
    if (!shown) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => cycle(current, step, count));
    }
    if (event.key !== "Enter" || active < 0) return;
    const keyword = recent[active];
    const reelUid = tips[active]?.reel_uids[0]?.[0];
    if (keyword) {
      event.preventDefault();
      choose(keyword);
    } else if (reelUid) {
      event.preventDefault();
      setOpen(false);
      void navigate({ to: "/scroll/$reelUid", params: { reelUid } });
    }
  };

  return (
    <div className={styles.box}>
      <SearchBox
        className={styles.input}
        name="keyword"
        autoComplete="off"
        maxLength={SEARCH_KEYWORD_MAX}
        value={props.value}
        placeholder={i18n._(t.placeholder)}
        aria-label={i18n._(t.keyword)}
        // A box with a popup of recent inputs and matching sutras (buttons and links).
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={shown}
        aria-controls={shown ? dropdownId : undefined}
        onChange={(_, data) => {
          props.onChange(data.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {shown && (
        // Pressing inside the dropdown keeps the focus in the box, so a click lands before it closes.
        <div
          id={dropdownId}
          role="dialog"
          aria-label={i18n._(t.keyword)}
          className={styles.dropdown}
          onMouseDown={(event) => event.preventDefault()}
        >
          {typed === "" ? (
            <div data-recent-inputs>
              <div className={styles.heading}>
                <Text size={200}>{i18n._(t.recent)}</Text>
                <Button size="small" appearance="transparent" onClick={props.recent.clear}>
                  {i18n._(t.clearRecent)}
                </Button>
              </div>
              <ul className={styles.list}>
                {recent.map((keyword, i) => (
                  <li key={keyword} className={i === active ? `${styles.item} ${styles.active}` : undefined}>
                    <Button
                      className={styles.choice}
                      appearance="subtle"
                      icon={<HistoryRegular />}
                      data-recent={keyword}
                      onClick={() => choose(keyword)}
                    >
                      {keyword}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <div data-search-tips>
              <div className={styles.heading}>
                <Text size={200}>{i18n._(t.tips)}</Text>
              </div>
              <ul className={styles.list}>
                {tips.map((sutra, i) => (
                  <li
                    key={sutra.uid}
                    data-tip={sutra.uid}
                    className={i === active ? `${styles.item} ${styles.active}` : styles.item}
                  >
                    <SutraLink sutra={sutra}>{sutraName(sutra.name, props.script)}</SutraLink>
                    <span className={styles.uid}>{sutra.uid}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
