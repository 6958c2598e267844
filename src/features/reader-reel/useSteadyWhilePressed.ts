/**
 * A value that holds still while a pointer is pressed in `container`: a reader dragging a selection
 * over the reel text keeps the text as it was when the press began (the collation marks arriving
 * then would draw the text again under the drag, and the browser would stop extending it), and
 * gets the newest value at the release.
 */
import { type RefObject, useEffect, useRef, useState } from "react";

export function useSteadyWhilePressed<T>(container: RefObject<HTMLElement | null>, value: T): T {
  const [pressed, setPressed] = useState(false);
  const held = useRef(value);
  useEffect(() => {
    const press = (event: PointerEvent) => {
      if (event.target instanceof Node && container.current?.contains(event.target)) setPressed(true);
    };
    const release = () => setPressed(false);
    document.addEventListener("pointerdown", press, true);
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
    return () => {
      document.removeEventListener("pointerdown", press, true);
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
    };
  }, [container]);
  if (!pressed) held.current = value;
  return pressed ? held.current : value;
}
