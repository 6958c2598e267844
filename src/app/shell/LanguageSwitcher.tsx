/**
 * The header's language button. The menu behind it loads on the first activation and opens at
 * once; until then the button alone is shown, so most visits never fetch the menu code.
 */
import { Button } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type KeyboardEvent, Suspense, startTransition, useState } from "react";
import { toAppLocale } from "../../i18n/locale.ts";
import { common, languageNames } from "../../i18n/messages.ts";
import { lazyPart } from "../../ui/lazyPart.tsx";

const LanguageMenu = lazyPart(() => import("./LanguageMenu.tsx"), "LanguageMenu");

export function LanguageSwitcher({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const current = toAppLocale(i18n.locale) ?? "zh-CN";
  const [wanted, setWanted] = useState(false);

  // A transition keeps this button on screen (and focused) while the menu's chunk loads.
  const want = () => startTransition(() => setWanted(true));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    want();
  };
  const button = (
    <Button
      appearance="transparent"
      className={className}
      // The name starts with what the button shows, as speech input users say it.
      aria-label={`${i18n._(languageNames[current])} (${i18n._(common.language)})`}
      aria-haspopup="menu"
      onClick={wanted ? undefined : want}
      onKeyDown={wanted ? undefined : onKeyDown}
    >
      {i18n._(languageNames[current])}
    </Button>
  );

  return (
    <Suspense fallback={button}>
      {wanted ? <LanguageMenu current={current} trigger={button} /> : button}
    </Suspense>
  );
}
