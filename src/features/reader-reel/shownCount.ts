import type { I18n } from "@lingui/core";
import { countDisplay } from "../../../contract/count-display.ts";
import { tr } from "../../i18n/translate.ts";
import { headerText } from "./messages.ts";

/** A count as shown: ten-thousands outside English (spec section 9). */
export function shownCount(i18n: I18n, count: number): string | number {
  const shown = countDisplay(count, i18n.locale);
  return shown.kind === "plain" ? shown.value : tr(i18n, headerText.tenThousands, { count: shown.value });
}
