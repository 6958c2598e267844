/**
 * The export and the install of packs as the storage panel runs them: over the app's offline
 * library, the readers' font cache and the offline search worker (which gives the index of the
 * exported reels, and merges an installed pack's). Nothing here calls the server.
 */

import type { PackIndex } from "../../../workers/search/pack-index.ts";
import { createFontStore } from "../../features/fonts/fontStore.ts";
import { offlineLibrary } from "../library/db.ts";
import { markLibraryCreated } from "../library/presence.ts";
import { adoptPackIndex, exportPackIndex, syncIndex } from "../search/client.ts";
import type { ExportDeps } from "./export.ts";
import { installPack, type PackInstallDeps, type PackInstallOptions } from "./install.ts";
import type { PackSource } from "./source.ts";

export function appExportDeps(): ExportDeps {
  return {
    db: offlineLibrary(),
    fonts: createFontStore(),
    search: { exportPackIndex },
    now: () => Date.now(),
  };
}

/**
 * How long an install waits for the search worker to take in the pack's index. Offline, a worker
 * whose script this browser never cached cannot start, and a call to it never answers: the install
 * is complete without it, and the worker indexes the reels itself once it runs.
 */
const ADOPT_WAIT_MS = 15_000;

function adoptWithin(index: PackIndex): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ADOPT_WAIT_MS);
  });
  const adopted = adoptPackIndex(index).catch((error: unknown) =>
    console.warn("the pack's search index was not merged", error),
  );
  return Promise.race([adopted, waited]).finally(() => clearTimeout(timer));
}

export function appInstallDeps(): PackInstallDeps {
  return {
    db: offlineLibrary(),
    fonts: createFontStore(),
    search: { adoptPackIndex: adoptWithin },
    now: () => Date.now(),
  };
}

/**
 * Installs a pack chosen on disk. The library exists from its first write on, so the screens that
 * follow it start reading it; afterwards the search index takes in whatever the pack's own index
 * did not cover (a pack without one, or reels whose forms differ here).
 */
export async function installPackFile(source: PackSource, options: PackInstallOptions) {
  markLibraryCreated();
  const installed = await installPack(appInstallDeps(), source, options);
  void syncIndex().catch((error: unknown) => console.warn("offline search index not brought in step", error));
  return installed;
}
