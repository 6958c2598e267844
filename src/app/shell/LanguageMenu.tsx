/** The language menu, opened as soon as it mounts: activates the catalogue and stores the `lang` cookie. */
import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from "@fluentui/react-components";
import { useLingui } from "@lingui/react";
import { type ReactElement, useState } from "react";
import { activateLocale } from "../../i18n/activate.ts";
import { type AppLocale, langCookie, locales, toAppLocale } from "../../i18n/locale.ts";
import { languageNames } from "../../i18n/messages.ts";

export function LanguageMenu(props: { current: AppLocale; trigger: ReactElement }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(true);

  const choose = (locale: AppLocale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser.
    document.cookie = langCookie(locale);
    void activateLocale(i18n, locale);
  };

  return (
    <Menu
      open={open}
      onOpenChange={(_, data) => setOpen(data.open)}
      checkedValues={{ lang: [props.current] }}
      onCheckedValueChange={(_, data) => {
        const locale = toAppLocale(data.checkedItems[0]);
        if (locale) choose(locale);
      }}
    >
      <MenuTrigger disableButtonEnhancement>{props.trigger}</MenuTrigger>
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
