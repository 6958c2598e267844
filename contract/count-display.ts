/**
 * Large counts (spec section 9): outside English, a count over 10,000 shows in ten-thousands
 * with one decimal ("7.2万"); otherwise the number itself (grouped where it is shown: translate.ts).
 */
export const TEN_THOUSAND = 10_000;

export type CountDisplay = { kind: "plain"; value: number } | { kind: "tenThousands"; value: string };

export function countDisplay(count: number, locale: string): CountDisplay {
  if (count > TEN_THOUSAND && !locale.startsWith("en")) {
    return { kind: "tenThousands", value: (Math.round(count / 1000) / 10).toFixed(1) };
  }
  return { kind: "plain", value: count };
}
