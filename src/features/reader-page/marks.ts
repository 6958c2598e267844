/** Chars marked in the text pane by clicking: a click marks one char, Shift+click extends to another. */

/** From the char clicked first to the one clicked last, in either order. */
export type CharMarks = { anchor: string; focus: string };

/** A click marks one char, or unmarks it when it is all that is marked; Shift+click extends. */
export function nextMarks(prev: CharMarks | null, charId: string, extend: boolean): CharMarks | null {
  if (extend && prev) return { anchor: prev.anchor, focus: charId };
  if (prev?.anchor === charId && prev.focus === charId) return null;
  return { anchor: charId, focus: charId };
}

/** The marked chars in the page's order. */
export function markedChars(chars: readonly { char_id: string }[], marks: CharMarks | null): string[] {
  if (!marks) return [];
  let from = chars.findIndex((c) => c.char_id === marks.anchor);
  let to = chars.findIndex((c) => c.char_id === marks.focus);
  if (from < 0 || to < 0) return [];
  if (from > to) [from, to] = [to, from];
  return chars.slice(from, to + 1).map((c) => c.char_id);
}
