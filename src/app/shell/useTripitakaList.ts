import { useEffect, useState } from "react";
import type { Tripitaka } from "../../../contract/canon.ts";
import { useServices } from "./services.ts";

/**
 * The tripitaka list: known from the first render when the page came with it, null until it
 * arrives otherwise, and empty when it cannot be had.
 */
export function useTripitakaList(): Tripitaka[] | null {
  const { tripitakas, knownTripitakas } = useServices();
  const [list, setList] = useState<Tripitaka[] | null>(() => knownTripitakas());
  useEffect(() => {
    let live = true;
    tripitakas().then(
      (found) => live && setList(found),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [tripitakas]);
  return list;
}
