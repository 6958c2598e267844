/** Hit and reel counts as the search page shows them: in ten-thousands past 10,000 outside English. */
import type { I18n } from "@lingui/core";
import { countDisplay } from "../../../contract/count-display.ts";
import { tr } from "../../i18n/translate.ts";
import { searchText as t } from "./messages.ts";

export function showCount(i18n: I18n, count: number): string | number {
  const shown = countDisplay(count, i18n.locale);
  return shown.kind === "plain" ? shown.value : tr(i18n, t.tenThousands, { count: shown.value });
}
