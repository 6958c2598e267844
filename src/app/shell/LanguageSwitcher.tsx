/** The header's language menu: activates the catalogue and stores the choice in the `lang` cookie. */
import { Button, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { activateLocale } from "../../i18n/activate.ts";
import { type AppLocale, langCookie, locales, toAppLocale } from "../../i18n/locale.ts";
import { common, languageNames } from "../../i18n/messages.ts";

export function LanguageSwitcher({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const current = toAppLocale(i18n.locale) ?? "zh-CN";

  const choose = (locale: AppLocale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
    document.cookie = langCookie(locale);
    void activateLocale(i18n, locale);
  };

  return (
    <Menu
      checkedValues={{ lang: [current] }}
      onCheckedValueChange={(_, data) => {
        const locale = toAppLocale(data.checkedItems[0]);
        if (locale) choose(locale);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="transparent" className={className} aria-label={i18n._(common.language)}>
          {i18n._(languageNames[current])}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {locales.map((locale) => (
            <MenuItemRadio key={locale} name="lang" value={locale} lang={locale}>
              {i18n._(languageNames[locale])}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
