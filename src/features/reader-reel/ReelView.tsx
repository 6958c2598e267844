/** One reel's text: title, author, char count, the text by line, reel navigation and its source. */
import {
  Button,
  Divider,
  makeStyles,
  Text,
  Toolbar,
  ToolbarDivider,
  tokens,
} from "@fluentui/react-components";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { Reel } from "../../../contract/canon.ts";
import { tripitakaOf } from "../../../contract/ids.ts";
import type { TxtType } from "../../../contract/tripitaka.ts";
import { fetchReel } from "../../api/canon.ts";
import { isNotFound } from "../../api/errors.ts";
import { useServices } from "../../app/shell/services.ts";
import { reel as reelText } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import type { Script } from "../../ui/names.ts";
import { LoadStatus } from "../../ui/Status.tsx";
import { useLoad } from "../../ui/useLoad.ts";
import { useRecordRead } from "./useRecordRead.ts";

type Layout = "horizontal" | "vertical";

const scriptOptions: [Script, MessageDescriptor][] = [
  ["trad", reelText.traditional],
  ["sim", reelText.simplified],
];
const layoutOptions: [Layout, MessageDescriptor][] = [
  ["horizontal", reelText.horizontal],
  ["vertical", reelText.vertical],
];

/** A segmented choice: the selected option is the primary, pressed button. */
function Choice<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: [T, MessageDescriptor][];
}) {
  const { i18n } = useLingui();
  return props.options.map(([value, label]) => (
    <Button
      key={value}
      aria-pressed={props.value === value}
      appearance={props.value === value ? "primary" : "secondary"}
      onClick={() => props.onChange(value)}
    >
      {i18n._(label)}
    </Button>
  ));
}

const useStyles = makeStyles({
  toolbar: { flexWrap: "wrap", paddingLeft: 0, marginBottom: tokens.spacingVerticalM },
  title: { display: "block", margin: 0 },
  meta: { display: "flex", gap: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
  text: {
    fontFamily: '"Noto Serif CJK TC", "Noto Serif TC", "Source Han Serif TC", "Songti TC", serif',
    fontSize: "20px",
    lineHeight: 1.9,
    letterSpacing: "0.08em",
    marginTop: tokens.spacingVerticalL,
  },
  vertical: {
    writingMode: "vertical-rl",
    height: "70vh",
    overflowX: "auto",
    overflowY: "hidden",
  },
  page: { marginBottom: tokens.spacingVerticalM },
  source: {
    marginTop: tokens.spacingVerticalXL,
    paddingTop: tokens.spacingVerticalM,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

const txtTypeOf = (script: Script): TxtType => (script === "sim" ? "sim_txt" : "std_txt");

type Props = { reelUid: string; script: Script; onScript: (script: Script) => void };

export function ReelView({ reelUid, script, onScript }: Props) {
  const styles = useStyles();
  const { api } = useServices();
  const [layout, setLayout] = useState<Layout>("horizontal");
  const txtType = txtTypeOf(script);
  const load = useLoad(`${reelUid}|${txtType}`, (signal) => fetchReel(api, reelUid, txtType, signal));
  const reel = load.data;
  const tripitakaUid = tripitakaOf(reelUid);
  const { i18n } = useLingui();
  const navigate = useNavigate();
  useRecordRead(reelUid, reel !== undefined && reel.reel_uid === reelUid);

  // An unknown reel goes to /404 (spec section 2).
  useEffect(() => {
    if (isNotFound(load.error)) void navigate({ to: "/404", replace: true });
  }, [load.error, navigate]);

  useEffect(() => {
    if (reel)
      document.title = `${reel.sutra_name} ${reel.name} - ${document.title.split(" - ").at(-1) ?? ""}`;
  }, [reel]);

  const go = (uid: string | null | undefined) => {
    if (uid) void navigate({ to: "/scroll/$reelUid", params: { reelUid: uid } });
  };

  return (
    <article>
      <Toolbar className={styles.toolbar} aria-label={i18n._(reelText.toolbar)}>
        {tripitakaUid && (
          <Button
            appearance="subtle"
            onClick={() => void navigate({ to: "/$tripitaka", params: { tripitaka: tripitakaUid } })}
          >
            {i18n._(reelText.backToSutras)}
          </Button>
        )}
        <ToolbarDivider />
        <Button disabled={!reel?.prev_reel_uid} onClick={() => go(reel?.prev_reel_uid)}>
          {i18n._(reelText.prevReel)}
        </Button>
        <Button disabled={!reel?.next_reel_uid} onClick={() => go(reel?.next_reel_uid)}>
          {i18n._(reelText.nextReel)}
        </Button>
        <ToolbarDivider />
        <Choice value={script} onChange={onScript} options={scriptOptions} />
        <ToolbarDivider />
        <Choice value={layout} onChange={setLayout} options={layoutOptions} />
      </Toolbar>
      <LoadStatus load={load} />
      {reel && <ReelText reel={reel} vertical={layout === "vertical"} />}
    </article>
  );
}

function ReelText({ reel, vertical }: { reel: Reel; vertical: boolean }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <>
      <Text as="h1" size={600} weight="semibold" className={styles.title}>
        {reel.sutra_name} {reel.name}
      </Text>
      <div className={styles.meta}>
        <Text>{reel.dynasty_author}</Text>
        <Text>{tr(i18n, reelText.chars, { count: reel.format.chars })}</Text>
      </div>
      <div className={vertical ? `${styles.text} ${styles.vertical}` : styles.text} lang="zh-Hant">
        {reel.pages.map((page) => (
          <section key={page.uid} className={styles.page} data-page={page.uid}>
            {page.lines
              .filter((line) => line.text !== "")
              .map((line) => (
                <div key={line.cid} data-cid={line.cid}>
                  {line.text}
                </div>
              ))}
          </section>
        ))}
      </div>
      <Divider />
      <footer className={styles.source}>
        <span>{tr(i18n, reelText.sourceLine, { title: reel.source.title })}</span>
        <span>{reel.source.availability}</span>
        <span>{reel.source.file}</span>
      </footer>
    </>
  );
}
