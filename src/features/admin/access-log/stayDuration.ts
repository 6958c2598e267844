/**
 * A LEAVE event's stay as the interface language writes lengths of time, to the second: "12 sec",
 * "5 min 3 sec", "1 hr 5 min" (12秒, 5分钟 3秒, 1小时 5分钟); past an hour the seconds are left out.
 */
type Unit = "hour" | "minute" | "second";

export function stayDuration(ms: number, locale: string): string {
  const total = Math.round(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: [number, Unit][] =
    hours > 0
      ? [
          [hours, "hour"],
          [minutes, "minute"],
        ]
      : minutes > 0
        ? [
            [minutes, "minute"],
            [seconds, "second"],
          ]
        : [[seconds, "second"]];
  const shown = parts.filter(([value], index) => index === 0 || value > 0);
  return shown
    .map(([value, unit]) =>
      new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short" }).format(value),
    )
    .join(" ");
}
