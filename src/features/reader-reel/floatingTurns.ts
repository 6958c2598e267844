/**
 * The reel screen's floating parts (the selection menu, the reading guide and the font notice)
 * take turns, so that none ever covers another. The selection menu answers the reader's own
 * gesture and goes first: the guide waits while it is open and comes back as it was. The guide
 * waits in the same way while the reader has the catalogue drawer open (its first step would sit
 * over the drawer). The font notice waits while any of them shows, the guide's shortcut list
 * included, and comes back after.
 */
import type { GuideState } from "./readingGuide.ts";

export type FloatingParts = {
  selectionMenuOpen: boolean;
  catalogueOpen: boolean;
  guide: GuideState["kind"];
};
export type FloatingTurns = { guideWaits: boolean; fontNoticeWaits: boolean };

export const floatingTurns = ({ selectionMenuOpen, catalogueOpen, guide }: FloatingParts): FloatingTurns => ({
  guideWaits: selectionMenuOpen || catalogueOpen,
  fontNoticeWaits: selectionMenuOpen || catalogueOpen || guide !== "closed",
});
