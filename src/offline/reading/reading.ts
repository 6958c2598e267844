/**
 * The readers' local-first calls over the app's one offline library and network state; each has
 * the arguments and answer of its src/api namesake (see localFirst.ts).
 */

import type { OfflineLibrary } from "../library/db.ts";
import { libraryExists } from "../library/presence.ts";
import { networkState } from "../network.ts";
import { createOfflineReading, type OfflineReading } from "./localFirst.ts";

export { isNotAvailableOffline, NotAvailableOffline, type OfflineItem } from "./notAvailable.ts";

let shared: OfflineReading | null = null;

/**
 * The library's IndexedDB code loads with the first read that can find something in it: never on
 * a browser without one (a library that cannot be opened holds nothing, see localFirst.ts).
 */
export async function library(): Promise<OfflineLibrary> {
  if (!(await libraryExists())) throw new Error("no offline library in this browser");
  const { offlineLibrary } = await import("../library/db.ts");
  return offlineLibrary();
}

function reading(): OfflineReading {
  shared ??= createOfflineReading({
    library,
    network: networkState(),
    storage: window.localStorage,
  });
  return shared;
}

export const fetchTripitakas: OfflineReading["fetchTripitakas"] = (...args) =>
  reading().fetchTripitakas(...args);
export const fetchReel: OfflineReading["fetchReel"] = (...args) => reading().fetchReel(...args);
export const fetchSutraList: OfflineReading["fetchSutraList"] = (...args) =>
  reading().fetchSutraList(...args);
export const fetchSutra: OfflineReading["fetchSutra"] = (...args) => reading().fetchSutra(...args);
export const fetchSutraCatalog: OfflineReading["fetchSutraCatalog"] = (...args) =>
  reading().fetchSutraCatalog(...args);
export const fetchAllSutras: OfflineReading["fetchAllSutras"] = (...args) =>
  reading().fetchAllSutras(...args);
export const fetchConfigList: OfflineReading["fetchConfigList"] = (...args) =>
  reading().fetchConfigList(...args);
export const fetchBooks: OfflineReading["fetchBooks"] = (...args) => reading().fetchBooks(...args);
export const fetchImageNames: OfflineReading["fetchImageNames"] = (...args) =>
  reading().fetchImageNames(...args);
export const fetchPage: OfflineReading["fetchPage"] = (...args) => reading().fetchPage(...args);
export const fetchPageImage: OfflineReading["fetchPageImage"] = (...args) =>
  reading().fetchPageImage(...args);
export const fetchPageThumbs: OfflineReading["fetchPageThumbs"] = (...args) =>
  reading().fetchPageThumbs(...args);
