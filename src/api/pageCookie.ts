/**
 * The cookies the server reads when it sends a page (contract/app-screens.ts): each is written
 * only when its value changes; null removes it.
 */
export function keepPageCookie(doc: Document, name: string, value: string | null, days = 365): void {
  const part = doc.cookie.split("; ").find((entry) => entry.startsWith(`${name}=`));
  if ((part?.slice(name.length + 1) ?? null) === value) return;
  const age = value === null ? 0 : days * 86_400;
  doc.cookie = `${name}=${value ?? ""}; Max-Age=${age}; Path=/; SameSite=Lax`;
}
