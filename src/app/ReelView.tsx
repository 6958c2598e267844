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
import { useEffect, useState } from "react";
import type { Reel } from "../../contract/canon.ts";
import { tripitakaOf } from "../../contract/ids.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { fetchReel } from "../api/canon.ts";
import type { Script } from "./names.ts";
import { reelHref, tripitakaHref } from "./route.ts";
import { LoadStatus } from "./Status.tsx";
import { strings } from "./strings.ts";
import { useLoad } from "./useLoad.ts";

type Layout = "horizontal" | "vertical";

const scriptOptions: [Script, string][] = [
  ["trad", strings.traditional],
  ["sim", strings.simplified],
];
const layoutOptions: [Layout, string][] = [
  ["horizontal", strings.horizontal],
  ["vertical", strings.vertical],
];

/** A segmented choice: the selected option is the primary, pressed button. */
function Choice<T extends string>(props: { value: T; onChange: (value: T) => void; options: [T, string][] }) {
  return props.options.map(([value, label]) => (
    <Button
      key={value}
      aria-pressed={props.value === value}
      appearance={props.value === value ? "primary" : "secondary"}
      onClick={() => props.onChange(value)}
    >
      {label}
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
  const [layout, setLayout] = useState<Layout>("horizontal");
  const txtType = txtTypeOf(script);
  const load = useLoad(`${reelUid}|${txtType}`, (signal) => fetchReel(reelUid, txtType, signal));
  const reel = load.data;
  const tripitakaUid = tripitakaOf(reelUid);

  useEffect(() => {
    document.title = reel ? `${reel.sutra_name} ${reel.name} · ${strings.appTitle}` : strings.appTitle;
  }, [reel]);

  const go = (uid: string | null | undefined) => {
    if (uid) window.location.hash = reelHref(uid);
  };

  return (
    <article>
      <Toolbar className={styles.toolbar} aria-label={strings.appTitle}>
        {tripitakaUid && (
          <Button appearance="subtle" as="a" href={tripitakaHref(tripitakaUid)}>
            {strings.backToSutras}
          </Button>
        )}
        <ToolbarDivider />
        <Button disabled={!reel?.prev_reel_uid} onClick={() => go(reel?.prev_reel_uid)}>
          {strings.prevReel}
        </Button>
        <Button disabled={!reel?.next_reel_uid} onClick={() => go(reel?.next_reel_uid)}>
          {strings.nextReel}
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
  return (
    <>
      <Text as="h1" size={600} weight="semibold" className={styles.title}>
        {reel.sutra_name} {reel.name}
      </Text>
      <div className={styles.meta}>
        <Text>{reel.dynasty_author}</Text>
        <Text>{strings.chars(reel.format.chars)}</Text>
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
        <span>
          {strings.source}：{reel.source.title}
        </span>
        <span>{reel.source.availability}</span>
        <span>{reel.source.file}</span>
      </footer>
    </>
  );
}
