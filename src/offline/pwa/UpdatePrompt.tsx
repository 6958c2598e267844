/** Shows the "new version" bar while a new worker waits; its code loads only then. */
import { useSyncExternalStore } from "react";
import { lazyPart, WhenWanted } from "../../ui/lazyPart.tsx";
import { appUpdate } from "./appUpdate.ts";

const UpdateBar = lazyPart(() => import("./UpdateBar.tsx"), "UpdateBar");

export function UpdatePrompt() {
  const update = appUpdate();
  const state = useSyncExternalStore(update.subscribe, update.state, () => "none" as const);
  return (
    <WhenWanted wanted={state !== "none"}>
      <UpdateBar update={update} state={state} />
    </WhenWanted>
  );
}
