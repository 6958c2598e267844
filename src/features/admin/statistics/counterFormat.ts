/** A counter as the statistics screen shows it: in ten-thousands past 10,000 outside English (spec section 9). */
import type { I18n } from "@lingui/core";
import { countDisplay } from "../../../../contract/count-display.ts";
import { tr } from "../../../i18n/translate.ts";
import { statisticsText as t } from "./text.ts";

export function showCounter(i18n: I18n, count: number): string | number {
  const shown = countDisplay(count, i18n.locale);
  return shown.kind === "plain" ? shown.value : tr(i18n, t.tenThousands, { count: shown.value });
}
