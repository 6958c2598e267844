/**
 * The tripitaka's sutra list behind the search tips and the matched-sutras strip: fetched once per
 * session per tripitaka and shared with the catalogue drawer.
 */

import { useEffect } from "react";
import type { Sutra } from "../../../contract/canon.ts";
import { useCatalogue } from "../catalogue/CatalogueContext.tsx";

const NONE: Sutra[] = [];

export function useSutraIndex(tripitakaUid: string): Sutra[] {
  const { sutraIndex, refreshSutraIndex } = useCatalogue();
  const index = sutraIndex(tripitakaUid);
  const known = index !== undefined;
  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    refreshSutraIndex(tripitakaUid, controller.signal).catch(() => {
      // Without the list there are no tips and no strip; the search itself still works.
    });
    return () => controller.abort();
  }, [known, tripitakaUid, refreshSutraIndex]);
  return index?.sutras ?? NONE;
}
