/**
 * A sutra's name linking to its first reel (or a given reel). Following it closes the catalogue
 * drawer; when that sutra is already being read the address stays as it is.
 */
import { useLocation } from "@tanstack/react-router";
import type { MouseEvent, ReactNode } from "react";
import type { Sutra } from "../../../contract/canon.ts";
import { RouterLink } from "../../ui/RouterLink.tsx";
import { useCatalogue } from "./CatalogueContext.tsx";
import { sutraBeingRead } from "./drawerTabs.ts";

export function SutraLink(props: { sutra: Sutra; children: ReactNode; reelUid?: string }) {
  const { close } = useCatalogue();
  const { pathname } = useLocation();
  const reelUid = props.reelUid ?? props.sutra.reel_uids[0]?.[0];
  if (!reelUid) return <>{props.children}</>;
  const stay = props.reelUid === undefined && sutraBeingRead(pathname) === props.sutra.uid;
  return (
    <RouterLink
      to="/scroll/$reelUid"
      params={{ reelUid }}
      data-sutra-link={props.sutra.uid}
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (stay) event.preventDefault();
        close();
      }}
    >
      {props.children}
    </RouterLink>
  );
}
