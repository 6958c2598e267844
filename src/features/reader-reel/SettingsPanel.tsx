/**
 * The reel reader's settings button. Its popover (text type, font, sizes, switches) is not needed
 * for the first text, so it loads when the button is first pressed and opens at once.
 */
import { Button } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { Suspense, useState } from "react";
import { lazyPart } from "../../ui/lazyPart.tsx";
import { readerText as t } from "./messages.ts";
import type { SettingsProps } from "./SettingsPopover.tsx";

const SettingsPopover = lazyPart(() => import("./SettingsPopover.tsx"), "SettingsPopover");

export function SettingsPanel(props: SettingsProps) {
  const { i18n } = useLingui();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button data-reader-settings onClick={() => setWanted(true)}>
      {i18n._(t.settings)}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <SettingsPopover {...props} initiallyOpen />
    </Suspense>
  );
}
