/** Dates in the storage panel: YYYY-MM-DD HH:mm:ss in the reader's time zone. */
const pad = (n: number) => String(n).padStart(2, "0");

export function shownDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
