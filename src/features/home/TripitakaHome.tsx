/** Home: the tripitakas that have sutras (listed editions first) and the selected one's sutras. */
import { CounterBadge, makeStyles, Tab, TabList, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import type { Tripitaka } from "../../../contract/canon.ts";
import { DEFAULT_LOCALE, toAppLocale, tripitakaNameScript } from "../../../contract/locale-rules.ts";
import { DEFAULT_TRIPITAKA } from "../../../contract/tripitaka.ts";
import { isListedTripitaka } from "../../app/routes/guards.ts";
import { useServices } from "../../app/shell/services.ts";
import { catalogue } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { type Script, tripitakaName } from "../../ui/names.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { SutraList } from "./SutraList.tsx";

const useStyles = makeStyles({
  layout: { display: "flex", gap: tokens.spacingHorizontalXXL, alignItems: "flex-start" },
  nav: { flex: "0 0 180px", display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  tab: { width: "100%" },
  tabContent: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "8px" },
  content: { flex: "1 1 auto", minWidth: 0 },
});

/**
 * The listed tripitakas (the spec's 18 codes) that have sutras, in the server's order. Collections
 * outside the 18 are kept by the server but not linked from the screens (ARCHITECTURE.md).
 */
export function tripitakasWithSutras(all: Tripitaka[]): Tripitaka[] {
  return all.filter((t) => t.sutra_count > 0 && t.is_listed && isListedTripitaka(t.uid));
}

/** The route's tripitaka, else JS when it has sutras, else the first with sutras. */
export function defaultTripitakaUid(shown: Tripitaka[]): string | null {
  if (shown.some((t) => t.uid === DEFAULT_TRIPITAKA)) return DEFAULT_TRIPITAKA;
  return shown[0]?.uid ?? null;
}

export function TripitakaHome({ selectedUid, script }: { selectedUid: string | null; script: Script }) {
  const styles = useStyles();
  const { i18n } = useLingui();
  const nameScript = tripitakaNameScript(toAppLocale(i18n.locale) ?? DEFAULT_LOCALE);
  const navigate = useNavigate();
  const { tripitakas } = useServices();
  const load = useLoad("tripitakas", () => tripitakas());
  const shown = useMemo(() => tripitakasWithSutras(load.data ?? []), [load.data]);

  if (!load.data) return <ReadingStatus load={load} />;
  if (shown.length === 0) return <Text>{i18n._(catalogue.noTripitakas)}</Text>;
  const current = selectedUid ?? defaultTripitakaUid(shown);

  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={i18n._(catalogue.tripitakas)}>
        <Text weight="semibold" size={400}>
          {i18n._(catalogue.tripitakas)}
        </Text>
        <TabList
          vertical
          selectedValue={current}
          onTabSelect={(_, data) => {
            void navigate({ to: "/$tripitaka", params: { tripitaka: String(data.value) } });
          }}
        >
          {shown.map((t) => (
            <Tab key={t.uid} value={t.uid} className={styles.tab} title={`${t.uid} ${t.name_trad}`}>
              <span className={styles.tabContent}>
                {tripitakaName(t.name, nameScript)}
                <CounterBadge
                  count={t.sutra_count}
                  overflowCount={99999}
                  appearance="ghost"
                  color="informative"
                  aria-label={tr(i18n, catalogue.sutraCount, { count: t.sutra_count })}
                />
              </span>
            </Tab>
          ))}
        </TabList>
      </nav>
      <section className={styles.content}>
        {current && (
          <SutraList
            key={current}
            tripitakaUid={current}
            title={tripitakaName(shown.find((t) => t.uid === current)?.name ?? current, nameScript)}
            script={script}
          />
        )}
      </section>
    </div>
  );
}
