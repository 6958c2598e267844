/** Home: the tripitakas that have sutras (listed editions first) and the selected one's sutras. */
import { CounterBadge, makeStyles, mergeClasses, Text, tokens } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import type { Tripitaka } from "../../../contract/canon.ts";
import { DEFAULT_LOCALE, toAppLocale, tripitakaNameScript } from "../../../contract/locale-rules.ts";
import { type Script, tripitakaName } from "../../../contract/names.ts";
import { DEFAULT_TRIPITAKA } from "../../../contract/tripitaka.ts";
import { isListedTripitaka } from "../../app/routes/guards.ts";
import { useServices } from "../../app/shell/services.ts";
import { catalogue } from "../../i18n/messages.ts";
import { tr } from "../../i18n/translate.ts";
import { ReadingStatus } from "../../offline/reading/ReadingStatus.tsx";
import { useStackStyles } from "../../ui/stack.ts";
import { useLoad } from "../../ui/useLoad.ts";
import { SutraList } from "./SutraList.tsx";

const useStyles = makeStyles({
  layout: { display: "flex", gap: tokens.spacingHorizontalXXL, alignItems: "flex-start" },
  nav: { flex: "0 0 180px" },
  /** Drawn as Fluent's vertical tabs; they are links, each tripitaka having its own address. */
  tab: {
    position: "relative",
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalMNudge}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: "none",
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    ":hover": { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ":focus-visible": {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: "solid",
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    "::before": {
      content: '""',
      position: "absolute",
      left: 0,
      top: tokens.spacingVerticalS,
      bottom: tokens.spacingVerticalS,
      width: tokens.strokeWidthThicker,
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorCompoundBrandStroke,
    },
  },
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
  const stack = useStackStyles();
  const { i18n } = useLingui();
  const nameScript = tripitakaNameScript(toAppLocale(i18n.locale) ?? DEFAULT_LOCALE);
  const { tripitakas } = useServices();
  const load = useLoad("tripitakas", () => tripitakas());
  const shown = useMemo(() => tripitakasWithSutras(load.data ?? []), [load.data]);

  if (!load.data) return <ReadingStatus load={load} />;
  if (shown.length === 0) return <Text>{i18n._(catalogue.noTripitakas)}</Text>;
  const current = selectedUid ?? defaultTripitakaUid(shown);

  return (
    <div className={styles.layout}>
      <nav className={mergeClasses(stack.xs, styles.nav)} aria-label={i18n._(catalogue.tripitakas)}>
        <Text weight="semibold" size={400}>
          {i18n._(catalogue.tripitakas)}
        </Text>
        {shown.map((t) => (
          <Link
            key={t.uid}
            to="/$tripitaka"
            params={{ tripitaka: t.uid }}
            className={mergeClasses(styles.tab, t.uid === current && styles.current)}
            aria-current={t.uid === current ? "page" : undefined}
            title={`${t.uid} ${t.name_trad}`}
          >
            {tripitakaName(t.name, nameScript)}
            <CounterBadge
              count={t.sutra_count}
              overflowCount={99999}
              appearance="ghost"
              color="informative"
              aria-label={tr(i18n, catalogue.sutraCount, { count: t.sutra_count })}
            />
          </Link>
        ))}
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
