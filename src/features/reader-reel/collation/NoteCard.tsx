/**
 * One place of the apparatus as the note popover shows it: the lemma and its witnesses, each
 * reading with every witness that reads so (siglum and edition; one the reel can be read as is a
 * button that does so), the Taishō note and CBETA's correction or addition under their names, and
 * the same passage in other canons, opened in the reader where it is imported here.
 */
import { Link, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import type { ApparatusEntry } from "../../../../contract/apparatus-witnesses.ts";
import { RouterLink } from "../../../ui/RouterLink.tsx";
import { useStackStyles } from "../../../ui/stack.ts";
import { markNumber } from "./lineView.tsx";
import { noteKindText, collationText as t } from "./messages.ts";
import { witnessName } from "./witnessNames.ts";

const useStyles = makeStyles({
  head: { display: "flex", alignItems: "baseline", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  repeated: { color: tokens.colorNeutralForeground3 },
  number: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  list: {
    display: "grid",
    gridTemplateColumns: "max-content minmax(0, 1fr)",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, paddingTop: "2px" },
  detail: { margin: 0, minWidth: 0, overflowWrap: "anywhere" },
  rows: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: "4px",
  },
  text: { fontSize: tokens.fontSizeBase400, marginRight: tokens.spacingHorizontalS },
  witness: {
    display: "inline-block",
    marginRight: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  current: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorPaletteTealForeground2 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** Which witnesses the reel can be read as, the one it is read as, and the way to choose one. */
export type ReadAs = { offered: readonly string[]; witness: string | null; choose(witness: string): void };

function Witnesses({ sigla, readAs }: { sigla: readonly string[]; readAs: ReadAs }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return sigla.map((siglum) => {
    const name = witnessName(siglum, i18n.locale);
    if (siglum === readAs.witness)
      return (
        <span key={siglum} className={mergeClasses(styles.witness, styles.current)} data-witness={siglum}>
          {name}
        </span>
      );
    if (!readAs.offered.includes(siglum))
      return (
        <span key={siglum} className={styles.witness} data-witness={siglum}>
          {name}
        </span>
      );
    return (
      <Link
        key={siglum}
        as="button"
        className={styles.witness}
        title={i18n._(t.readAsWitness)}
        onClick={() => readAs.choose(siglum)}
        data-witness={siglum}
      >
        {name}
      </Link>
    );
  });
}

export function NoteCard({ entry, readAs }: { entry: ApparatusEntry; readAs: ReadAs }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const absent = i18n._(t.absent);
  const hasReadings = entry.readings.length > 0;
  return (
    <div className={stack.s} data-note-card={entry.n}>
      <div className={styles.head}>
        <Text className={styles.number}>{markNumber(entry.id)}</Text>
        <Text weight="semibold">{`${i18n._(t.title)} ${entry.n}`}</Text>
        {entry.star && <Text className={styles.repeated}>{i18n._(t.repeated)}</Text>}
      </div>
      <dl className={styles.list}>
        {(hasReadings || entry.lemma.text !== "") && (
          <>
            <dt className={styles.term}>{i18n._(t.lemma)}</dt>
            <dd className={styles.detail} data-lemma>
              <span className={styles.text} lang="zh-Hant">
                {entry.lemma.text || absent}
              </span>
              <Witnesses sigla={entry.lemma.witnesses} readAs={readAs} />
            </dd>
          </>
        )}
        {hasReadings && (
          <>
            <dt className={styles.term}>{i18n._(t.readings)}</dt>
            <dd className={styles.detail}>
              <ul className={styles.rows}>
                {entry.readings.map((reading) => (
                  <li key={reading.witnesses.join("")} data-reading-of={reading.witnesses.join(" ")}>
                    <span className={styles.text} lang="zh-Hant">
                      {reading.text || absent}
                    </span>
                    <Witnesses sigla={reading.witnesses} readAs={readAs} />
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {entry.notes.map((note) => (
          <NoteRow key={`${note.kind}|${note.text}`} kind={note.kind} text={note.text} />
        ))}
        {entry.refs.length > 0 && (
          <>
            <dt className={styles.term}>{i18n._(t.refs)}</dt>
            <dd className={styles.detail}>
              <ul className={styles.rows}>
                {entry.refs.map((ref) => (
                  <li key={ref.target} data-ref={ref.target}>
                    {ref.reel_uid && ref.cid ? (
                      <RouterLink
                        to="/scroll/$reelUid"
                        params={{ reelUid: ref.reel_uid }}
                        search={{ cid: ref.cid }}
                      >
                        {`${ref.canon} ${ref.target}`}
                      </RouterLink>
                    ) : (
                      <>
                        <span className={styles.text}>{`${ref.canon} ${ref.target}`}</span>
                        <span className={styles.muted}>{i18n._(t.notImported)}</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      {hasReadings && entry.readings.some((r) => r.witnesses.some((w) => readAs.offered.includes(w))) && (
        <Text size={200} className={styles.muted}>
          {i18n._(t.readAsHint)}
        </Text>
      )}
    </div>
  );
}

function NoteRow({ kind, text }: { kind: ApparatusEntry["notes"][number]["kind"]; text: string }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  return (
    <>
      <dt className={styles.term}>{i18n._(noteKindText[kind])}</dt>
      <dd className={styles.detail} data-note-kind={kind} lang="zh-Hant">
        {text}
      </dd>
    </>
  );
}
