/**
 * The matched-sutras strip above the results: sutras whose name holds the keyword, 4 at most, then
 * "watch more", which opens the catalogue drawer searching sutra names for the keyword.
 */
import { Button, makeStyles, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import { type Script, sutraName } from "../../../contract/names.ts";
import { keywordTerms } from "../../../contract/search-options.ts";
import { useCatalogue } from "../catalogue/CatalogueContext.tsx";
import { SutraLink } from "../catalogue/SutraLink.tsx";
import { INITIAL_QUERY } from "../catalogue/sutraQuery.ts";
import { searchText as t } from "./messages.ts";
import { MATCHED_SUTRAS_SHOWN, matchSutras } from "./sutraMatch.ts";
import { useSutraIndex } from "./useSutraIndex.ts";

const useStyles = makeStyles({
  strip: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalL, flexWrap: "wrap" },
  label: { color: tokens.colorNeutralForeground3 },
});

export function MatchedSutras(props: { tripitakaUid: string; keyword: string; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const catalogue = useCatalogue();
  const sutras = useSutraIndex(props.tripitakaUid);
  const matched = useMemo(() => matchSutras(sutras, props.keyword), [sutras, props.keyword]);
  if (matched.length === 0) return null;
  const watchMore = () => {
    catalogue.setQuery(props.tripitakaUid, {
      ...INITIAL_QUERY,
      advanced: true,
      sutraName: keywordTerms(props.keyword).join(" "),
    });
    catalogue.show("search");
  };
  return (
    <nav className={styles.strip} aria-label={i18n._(t.matchedSutras)} data-matched-sutras>
      <Text size={200} className={styles.label}>
        {i18n._(t.matchedSutras)}
      </Text>
      {matched.slice(0, MATCHED_SUTRAS_SHOWN).map((sutra) => (
        <SutraLink key={sutra.uid} sutra={sutra}>
          {sutraName(sutra.name, props.script)}
        </SutraLink>
      ))}
      {matched.length > MATCHED_SUTRAS_SHOWN && (
        <Button size="small" appearance="transparent" data-watch-more onClick={watchMore}>
          {i18n._(t.watchMore)}
        </Button>
      )}
    </nav>
  );
}
