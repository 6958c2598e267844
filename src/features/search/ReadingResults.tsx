/**
 * The results found only in other editions' readings (`in_readings`): how many, and each fragment
 * of a witness's text with its hits marked, the witnesses reading it (siglum and edition), its
 * sutra and reel, linking to the reel at the reading's line as the main results do. Loaded only
 * when a search asked for readings.
 */
import { Badge, makeStyles, mergeClasses, shorthands, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type Script, sutraName } from "../../../contract/names.ts";
import type { ReadingHit, ReadingsResult } from "../../../contract/search.ts";
import { READINGS_LIMIT } from "../../../contract/search-readings.ts";
import { tr } from "../../i18n/translate.ts";
import { useStackStyles } from "../../ui/stack.ts";
import { showCount } from "./count.ts";
import { HighlightedText } from "./HighlightedText.tsx";
import { readingsText as rt, searchText as t } from "./messages.ts";
import { resultLook, SnippetLink } from "./ResultCard.tsx";
import { witnessLabel } from "./witnesses.ts";

const useStyles = makeStyles({
  section: { ...shorthands.padding(tokens.spacingVerticalM, 0) },
  heading: { display: "flex", alignItems: "baseline", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  note: { color: tokens.colorNeutralForeground3 },
  item: { ...shorthands.padding(tokens.spacingVerticalS, 0), ...resultLook.divider },
  title: resultLook.title,
  witnesses: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalXS, flexWrap: "wrap" },
  text: { lineHeight: tokens.lineHeightBase400 },
});

function ReadingItem({ hit, script }: { hit: ReadingHit; script: Script }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  return (
    <article
      className={mergeClasses(stack.xs, styles.item)}
      data-reading={hit.reel_uid}
      data-reading-cid={hit.cid}
    >
      <div className={styles.title}>
        <Text weight="semibold">
          <SnippetLink reelUid={hit.reel_uid} cid={hit.cid}>
            {sutraName(hit.sutra_name, script)}
          </SnippetLink>
        </Text>
        <Text>{hit.reel_name}</Text>
        <div className={styles.witnesses} data-witnesses={hit.witnesses.join(" ")}>
          <Text size={200} className={styles.note}>
            {i18n._(rt.witnesses)}
          </Text>
          {hit.witnesses.map((siglum) => (
            <Badge key={siglum} appearance="tint" color="informative" data-witness={siglum}>
              {witnessLabel(siglum, i18n.locale)}
            </Badge>
          ))}
        </div>
      </div>
      <Text className={styles.text}>
        <HighlightedText text={hit.text} highlights={hit.highlights} />
      </Text>
      <Text size={200}>
        <SnippetLink reelUid={hit.reel_uid} cid={hit.cid}>
          {i18n._(t.openReel)}
        </SnippetLink>
      </Text>
    </article>
  );
}

export function ReadingResults({ readings, script }: { readings: ReadingsResult; script: Script }) {
  const styles = useStyles();
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const title = tr(i18n, rt.title, { count: showCount(i18n, readings.total) });
  return (
    <section
      className={mergeClasses(stack.s, styles.section)}
      aria-label={title}
      data-readings={readings.total}
    >
      <div className={styles.heading}>
        <Text as="h2" weight="semibold" size={400}>
          {title}
        </Text>
        {readings.limited && (
          <Text size={200} className={styles.note} data-readings-limited>
            {tr(i18n, rt.limited, { limit: READINGS_LIMIT })}
          </Text>
        )}
      </div>
      {readings.total === 0 && <Text className={styles.note}>{i18n._(rt.none)}</Text>}
      {readings.list.map((hit) => (
        <ReadingItem
          key={`${hit.reel_uid}|${hit.cid}|${hit.witnesses.join(" ")}|${hit.text}`}
          hit={hit}
          script={script}
        />
      ))}
    </section>
  );
}
