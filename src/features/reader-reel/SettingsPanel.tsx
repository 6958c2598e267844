/**
 * The reel reader's settings button. Its popover (text type, font, sizes, switches) is not needed
 * for the first text, so it loads when the button is first pressed and opens at once.
 */
import { useLingui } from "@lingui/react";
import { lazyPart, SettingsButton } from "../../ui/lazyPart.tsx";
import { readerText as t } from "./messages.ts";
import type { SettingsProps } from "./SettingsPopover.tsx";

const SettingsPopover = lazyPart(() => import("./SettingsPopover.tsx"), "SettingsPopover");

export function SettingsPanel(props: SettingsProps) {
  const { i18n } = useLingui();
  return (
    <SettingsButton
      text={i18n._(t.settings)}
      data={{ "data-reader-settings": true }}
      popover={(button) => <SettingsPopover {...props} button={button} />}
    />
  );
}
