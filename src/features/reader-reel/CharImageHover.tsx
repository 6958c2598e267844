/**
 * The char image on hover (useCharImageHover) with its popup: a part of the reel screen that loads
 * once the reader reaches the text, not on the way to the first text.
 */
import type { RefObject } from "react";
import type { Reel } from "../../../contract/canon.ts";
import { CharImagePopup } from "./CharImagePopup.tsx";
import { useCharImageHover } from "./useCharImageHover.ts";

type Props = {
  textRef: RefObject<HTMLElement | null>;
  reel: Reel | undefined;
  tripitakaUid: string | null;
  enabled: boolean;
};

export function CharImageHover({ textRef, reel, tripitakaUid, enabled }: Props) {
  const hovered = useCharImageHover(textRef, reel, tripitakaUid, enabled);
  return <CharImagePopup hovered={hovered} />;
}
