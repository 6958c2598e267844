/**
 * Where the selection menu goes (spec section 4): above the selection when the selection is more
 * than 140 px below the top of the viewport, else below it; kept inside the viewport sideways.
 */
export const MENU_TOP_THRESHOLD = 140;
/** Space between the selection and the menu. */
export const MENU_GAP = 8;
/** Least space between the menu and the viewport's side edges. */
export const MENU_MARGIN = 8;

export type Rect = { top: number; bottom: number; left: number; right: number };
export type Size = { width: number; height: number };
export type MenuSide = "above" | "below";
export type MenuPlacement = { side: MenuSide; top: number; left: number };

export const menuSide = (anchor: Rect): MenuSide => (anchor.top > MENU_TOP_THRESHOLD ? "above" : "below");

/**
 * The menu's top-left corner in document coordinates, from the selection's box in viewport
 * coordinates, the menu's size, the viewport's width and the page's scroll offsets.
 */
export function placeMenu(
  anchor: Rect,
  menu: Size,
  viewportWidth: number,
  scroll: { x: number; y: number },
): MenuPlacement {
  const side = menuSide(anchor);
  const top = side === "above" ? anchor.top - MENU_GAP - menu.height : anchor.bottom + MENU_GAP;
  const centred = (anchor.left + anchor.right) / 2 - menu.width / 2;
  const widest = Math.max(MENU_MARGIN, viewportWidth - MENU_MARGIN - menu.width);
  const left = Math.min(Math.max(centred, MENU_MARGIN), widest);
  return { side, top: top + scroll.y, left: left + scroll.x };
}
