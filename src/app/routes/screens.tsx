/** Route components that read their params and render the feature screens. */
import { getRouteApi } from "@tanstack/react-router";
import { HomePage } from "../../features/home/HomePage.tsx";
import { ReelView } from "../../features/reader-reel/ReelView.tsx";
import { useScript } from "../shell/script.tsx";

const tripitakaApi = getRouteApi("/$tripitaka");
const reelApi = getRouteApi("/scroll/$reelUid");

export function TripitakaScreen() {
  const { tripitaka } = tripitakaApi.useParams();
  const { script } = useScript();
  return <HomePage key={tripitaka} tripitakaUid={tripitaka} script={script} />;
}

export function ReelScreen() {
  const { reelUid } = reelApi.useParams();
  const { script, setScript } = useScript();
  return <ReelView reelUid={reelUid} script={script} onScript={setScript} />;
}
