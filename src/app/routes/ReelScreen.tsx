/** The reel reading route: reads its param and renders the reel reader (its own chunk, apart from home). */
import { getRouteApi } from "@tanstack/react-router";
import { ReelView } from "../../features/reader-reel/ReelView.tsx";
import { useScript } from "../shell/script.tsx";

// The app's start loads the first screen's reel through this module, which is on its way already.
export { loadReelAhead } from "../../features/reader-reel/reelLoad.ts";

const reelApi = getRouteApi("/scroll/$reelUid");

export function ReelScreen() {
  const { reelUid } = reelApi.useParams();
  const { script, setScript } = useScript();
  return <ReelView reelUid={reelUid} script={script} onScript={setScript} />;
}
