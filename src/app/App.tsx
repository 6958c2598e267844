/** The placeholder web app: a header and the view the URL hash names. */
import { Link, MessageBar, MessageBarBody, makeStyles, tokens } from "@fluentui/react-components";
import { useCallback, useState } from "react";
import type { Script } from "./names.ts";
import { ReelView } from "./ReelView.tsx";
import { useRoute } from "./route.ts";
import { strings } from "./strings.ts";
import { TripitakaHome } from "./TripitakaHome.tsx";

const BRAND = "#987444";
const SCRIPT_KEY = "canon-reader.script";

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    backgroundColor: BRAND,
    color: "#fff",
  },
  title: {
    color: "#fff",
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    ":hover": { color: "#fff" },
  },
  main: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`, maxWidth: "1200px" },
});

function initialScript(): Script {
  try {
    return window.localStorage.getItem(SCRIPT_KEY) === "sim" ? "sim" : "trad";
  } catch {
    return "trad";
  }
}

export function App() {
  const styles = useStyles();
  const route = useRoute();
  const [script, setScriptState] = useState<Script>(initialScript);
  const setScript = useCallback((next: Script) => {
    setScriptState(next);
    try {
      window.localStorage.setItem(SCRIPT_KEY, next);
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this page only.
    }
  }, []);

  return (
    <>
      <header className={styles.header}>
        <Link href="#/" className={styles.title} appearance="subtle">
          {strings.appTitle}
        </Link>
      </header>
      <main className={styles.main}>
        {route.view === "home" && <TripitakaHome selectedUid={route.tripitakaUid} script={script} />}
        {route.view === "reel" && <ReelView reelUid={route.reelUid} script={script} onScript={setScript} />}
        {route.view === "notFound" && (
          <MessageBar intent="warning">
            <MessageBarBody>
              {strings.notFound} · <Link href="#/">{strings.home}</Link>
            </MessageBarBody>
          </MessageBar>
        )}
      </main>
    </>
  );
}
