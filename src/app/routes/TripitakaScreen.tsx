/** The tripitaka home route: reads its param and renders the home screen. */
import { makeStyles } from "@fluentui/react-components";
import { getRouteApi } from "@tanstack/react-router";
import { HomePage } from "../../features/home/HomePage.tsx";
import { LazyDownloadButton } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import { useScript } from "../shell/script.tsx";

const tripitakaApi = getRouteApi("/$tripitaka");

// The download button loads after the first paint: its line is kept from the start, so the home
// below it does not move when it arrives.
const useStyles = makeStyles({ downloadLine: { minHeight: "32px" } });

export function TripitakaScreen() {
  const { tripitaka } = tripitakaApi.useParams();
  const { script } = useScript();
  const styles = useStyles();
  return (
    <>
      <div className={styles.downloadLine}>
        <LazyDownloadButton
          tripitakaUid={tripitaka}
          scope={{ kind: "tripitaka" }}
          title={tripitaka}
          action={downloadText.downloadTripitaka}
          size="medium"
        />
      </div>
      <HomePage key={tripitaka} tripitakaUid={tripitaka} script={script} />
    </>
  );
}
