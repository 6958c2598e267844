/** The columns of the catalogue's sutra table; all but the pin column can be hidden. */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { PinFilled, PinOffRegular, PinRegular } from "@fluentui/react-icons";
import type { I18n } from "@lingui/core";
import type { Sutra } from "../../../contract/canon.ts";
import { tripitakaOf } from "../../../contract/ids.ts";
import { type Script, sutraName, tripitakaName } from "../../../contract/names.ts";
import { catalogue } from "../../i18n/messages.ts";
import { LazyDownloadButton } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import type { DataColumn } from "../../ui/DataTable.tsx";
import { AuthorLinks } from "../people/AuthorLinks.tsx";
import type { AuthorLinkMap } from "../people/useAuthorLinks.ts";
import { drawerText as d } from "./messages.ts";
import { SutraLink } from "./SutraLink.tsx";

export const SUTRA_COLUMN_IDS = [
  "uid",
  "name",
  "dynasty_author",
  "dynasty",
  "category",
  "years",
  "reels",
  "chars",
] as const;
export const DEFAULT_SUTRA_COLUMNS: readonly string[] = SUTRA_COLUMN_IDS.filter((id) => id !== "dynasty");
export const SUTRA_COLUMNS_KEY = "canon-reader.columns.sutra-list";

const useStyles = makeStyles({
  name: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  pinMark: { color: tokens.colorBrandForeground1 },
});

/** Config labels (dynasties, categories) are "traditional|simplified", like tripitaka names. */
const labels = (items: Sutra["dynasties"], script: Script) =>
  items.map((item) => tripitakaName(item.name, script)).join("、");

function NameCell(props: { sutra: Sutra; script: Script; pinned: boolean; pinnedLabel: string }) {
  const styles = useStyles();
  return (
    <span className={styles.name}>
      {props.pinned && <PinFilled className={styles.pinMark} aria-label={props.pinnedLabel} />}
      <SutraLink sutra={props.sutra}>{sutraName(props.sutra.name, props.script)}</SutraLink>
    </span>
  );
}

export function sutraColumns(options: {
  i18n: I18n;
  script: Script;
  pinned: readonly string[];
  /** For a researcher: the authors with a person page, linked from the byline. */
  authorLinks?: AuthorLinkMap | null;
}): DataColumn<Sutra>[] {
  const { i18n, script, pinned, authorLinks } = options;
  return [
    {
      id: "uid",
      label: i18n._(catalogue.sutraUid),
      sortKey: "sutra_uid",
      width: "100px",
      render: (s) => s.uid,
    },
    {
      id: "name",
      label: i18n._(catalogue.sutraName),
      render: (s) => (
        <NameCell sutra={s} script={script} pinned={pinned.includes(s.uid)} pinnedLabel={i18n._(d.pinned)} />
      ),
    },
    {
      id: "dynasty_author",
      label: i18n._(catalogue.dynastyAuthor),
      render: (s) => (
        <AuthorLinks byline={s.dynasty_author} authors={s.authors} links={authorLinks ?? null} />
      ),
    },
    { id: "dynasty", label: i18n._(d.dynasty), render: (s) => labels(s.dynasties, script) },
    { id: "category", label: i18n._(d.category), render: (s) => labels(s.categories, script) },
    { id: "years", label: i18n._(d.years), sortKey: "start_year", width: "110px", render: (s) => s.years },
    {
      id: "reels",
      label: i18n._(catalogue.reelCount),
      sortKey: "reel_cnt",
      numeric: true,
      width: "80px",
      render: (s) => s.actual_reel_cnt,
    },
    {
      id: "chars",
      label: i18n._(catalogue.charCount),
      sortKey: "char_cnt",
      numeric: true,
      width: "100px",
      render: (s) => s.char_cnt.toLocaleString("zh-Hant"),
    },
  ];
}

export function pinColumn(options: {
  i18n: I18n;
  pinned: readonly string[];
  onPin(sutraUid: string): void;
}): DataColumn<Sutra> {
  const { i18n, pinned, onPin } = options;
  return {
    id: "pin",
    label: i18n._(d.actions),
    width: "96px",
    render: (s) => {
      const on = pinned.includes(s.uid);
      const pin = (
        <Button
          size="small"
          appearance="subtle"
          icon={on ? <PinOffRegular /> : <PinRegular />}
          aria-label={i18n._(on ? d.unpin : d.pin)}
          title={i18n._(on ? d.unpin : d.pin)}
          aria-pressed={on}
          data-pin={s.uid}
          onClick={() => onPin(s.uid)}
        />
      );
      return (
        <span data-sutra-actions={s.uid}>
          {pin}
          <LazyDownloadButton
            tripitakaUid={tripitakaOf(s.uid) ?? ""}
            scope={{ kind: "sutra", sutra_uid: s.uid }}
            title={s.name}
            action={downloadText.downloadSutra}
            iconOnly
          />
        </span>
      );
    },
  };
}
