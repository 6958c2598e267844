/**
 * A char chosen in the list: its image, its forms, its place and sutra, and the column of the scan
 * with the char's box drawn, with a button that opens page reading at the char (marked there by
 * `cid`).
 */
import { Button, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { OpenRegular } from "@fluentui/react-icons";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import type { CharImageItem } from "../../../contract/charImage.ts";
import { useScript } from "../../app/shell/script.tsx";
import { tr } from "../../i18n/translate.ts";
import { SideDrawer } from "../../ui/SideDrawer.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { DetailList } from "../list-screen/DetailList.tsx";
import { CharPicture } from "./CharPicture.tsx";
import { ColumnImage } from "./ColumnImage.tsx";
import { sutraTitleOf } from "./charImageColumns.tsx";
import { columnText, charImageText as t } from "./text.ts";
import { useCharFont } from "./useCharFont.ts";

const DRAWER_WIDTH = 520;

const useStyles = makeStyles({
  body: { display: "flex", gap: tokens.spacingHorizontalXL, alignItems: "flex-start" },
  facts: { minWidth: 0 },
});

export function CharDetail(props: { tripitakaUid: string; item: CharImageItem | null; onClose(): void }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { script } = useScript();
  const { item } = props;
  const fontFamily = useCharFont(item ? item.ot + item.ut + item.st + item.mt : "", props.tripitakaUid);
  const [line = "", char = ""] = item?.sn.split(".") ?? [];
  const text = (value: string) => <span style={{ fontFamily }}>{value}</span>;
  return (
    <SideDrawer
      open={item !== null}
      width={DRAWER_WIDTH}
      title={item ? tr(i18n, t.detailTitle, { page: item.puid, line, char }) : ""}
      closeLabel={i18n._(t.close)}
      onClose={props.onClose}
      data={{ "data-char-detail": item?.cid ?? "" }}
      footer={
        item && (
          <Button
            appearance="primary"
            icon={<OpenRegular />}
            data-open-page={item.cid}
            onClick={() =>
              void navigate({
                to: "/page/$pageUid",
                params: { pageUid: item.puid },
                search: { cid: item.cid },
              })
            }
          >
            {i18n._(t.openPage)}
          </Button>
        )
      }
    >
      {item && (
        <div className={styles.body}>
          <ColumnImage tripitakaUid={props.tripitakaUid} item={item} />
          <div className={mergeClasses(stack.l, styles.facts)}>
            <CharPicture item={item} size={96} />
            <DetailList
              fields={[
                { id: "ot", label: i18n._(columnText.ot), value: text(item.ot || i18n._(t.noText)) },
                { id: "ut", label: i18n._(columnText.ut), value: text(item.ut) },
                { id: "st", label: i18n._(columnText.st), value: text(item.st) },
                { id: "mt", label: i18n._(columnText.mt), value: text(item.mt) },
                { id: "page", label: i18n._(columnText.page), value: item.puid },
                { id: "sn", label: i18n._(columnText.sn), value: item.sn },
                { id: "sutra", label: i18n._(columnText.sutra), value: item.suid ?? "" },
                {
                  id: "sutraName",
                  label: i18n._(columnText.sutraName),
                  value: sutraTitleOf(item, script),
                },
                {
                  id: "deform",
                  label: i18n._(columnText.deform),
                  value: i18n._(item.is_deform ? t.yes : t.no),
                },
              ]}
            />
          </div>
        </div>
      )}
    </SideDrawer>
  );
}
