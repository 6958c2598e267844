/**
 * A settings button whose popover is not needed for the first paint: the popover loads when the
 * button is first pressed, and opens at once with the same button as its trigger.
 */
import { Button } from "@fluentui/react-components";
import { type ReactElement, type ReactNode, Suspense, useState } from "react";
import type { DataAttributes } from "./dataAttributes.ts";

export function SettingsButton(props: {
  text: string;
  /** Data attributes that name the button for tests and styles. */
  data: DataAttributes;
  /** The popover (a lazy part), given the button that is its trigger. */
  popover(button: ReactElement): ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button {...props.data} onClick={() => setWanted(true)}>
      {props.text}
    </Button>
  );
  if (!wanted) return button;
  return <Suspense fallback={button}>{props.popover(button)}</Suspense>;
}
