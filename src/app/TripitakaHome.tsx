/** Home: the tripitakas that have sutras (listed editions first) and the selected one's sutras. */
import { CounterBadge, makeStyles, Tab, TabList, Text, tokens } from "@fluentui/react-components";
import { useMemo } from "react";
import type { Tripitaka } from "../../contract/canon.ts";
import { DEFAULT_TRIPITAKA } from "../../contract/tripitaka.ts";
import { fetchTripitakas } from "../api/canon.ts";
import { type Script, tripitakaName } from "./names.ts";
import { tripitakaHref } from "./route.ts";
import { LoadStatus } from "./Status.tsx";
import { SutraList } from "./SutraList.tsx";
import { strings } from "./strings.ts";
import { useLoad } from "./useLoad.ts";

const useStyles = makeStyles({
  layout: { display: "flex", gap: tokens.spacingHorizontalXXL, alignItems: "flex-start" },
  nav: { flex: "0 0 180px", display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  tab: { width: "100%" },
  tabContent: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "8px" },
  content: { flex: "1 1 auto", minWidth: 0 },
});

/** Tripitakas with sutras; listed editions first, each group in the server's order. */
export function tripitakasWithSutras(all: Tripitaka[]): Tripitaka[] {
  const withSutras = all.filter((t) => t.sutra_count > 0);
  return [...withSutras.filter((t) => t.is_listed), ...withSutras.filter((t) => !t.is_listed)];
}

/** The route's tripitaka, else JS when it has sutras, else the first with sutras. */
export function defaultTripitakaUid(shown: Tripitaka[]): string | null {
  if (shown.some((t) => t.uid === DEFAULT_TRIPITAKA)) return DEFAULT_TRIPITAKA;
  return shown[0]?.uid ?? null;
}

export function TripitakaHome({ selectedUid, script }: { selectedUid: string | null; script: Script }) {
  const styles = useStyles();
  const load = useLoad("tripitakas", fetchTripitakas);
  const shown = useMemo(() => tripitakasWithSutras(load.data ?? []), [load.data]);

  if (!load.data) return <LoadStatus load={load} />;
  if (shown.length === 0) return <Text>{strings.noTripitakas}</Text>;
  const current = selectedUid ?? defaultTripitakaUid(shown);

  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={strings.tripitakas}>
        <Text weight="semibold" size={400}>
          {strings.tripitakas}
        </Text>
        <TabList
          vertical
          selectedValue={current}
          onTabSelect={(_, data) => {
            window.location.hash = tripitakaHref(String(data.value));
          }}
        >
          {shown.map((t) => (
            <Tab key={t.uid} value={t.uid} className={styles.tab} title={`${t.uid} ${t.name_trad}`}>
              <span className={styles.tabContent}>
                {tripitakaName(t.name, script)}
                <CounterBadge
                  count={t.sutra_count}
                  overflowCount={99999}
                  appearance="ghost"
                  color="informative"
                  aria-label={strings.sutraCount(t.sutra_count)}
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
            title={tripitakaName(shown.find((t) => t.uid === current)?.name ?? current, script)}
            script={script}
          />
        )}
      </section>
    </div>
  );
}
