/** The tripitaka home route: reads its param and renders the home screen. */
import { getRouteApi } from "@tanstack/react-router";
import { HomePage } from "../../features/home/HomePage.tsx";
import { LazyDownloadButton } from "../../offline/library/LazyDownloadButton.tsx";
import { downloadText } from "../../offline/library/messages.ts";
import { useScript } from "../shell/script.tsx";

const tripitakaApi = getRouteApi("/$tripitaka");

export function TripitakaScreen() {
  const { tripitaka } = tripitakaApi.useParams();
  const { script } = useScript();
  return (
    <>
      <LazyDownloadButton
        tripitakaUid={tripitaka}
        scope={{ kind: "tripitaka" }}
        title={tripitaka}
        action={downloadText.downloadTripitaka}
        size="medium"
      />
      <HomePage key={tripitaka} tripitakaUid={tripitaka} script={script} />
    </>
  );
}
