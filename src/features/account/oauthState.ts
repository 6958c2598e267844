/**
 * The `state` of an OAuth round trip: made before leaving for the provider, kept in session
 * storage with what the trip is for, and checked once when the provider sends the reader back.
 */
import type { OAuthProvider } from "../../../contract/oauth.ts";
import type { KeyValueStorage } from "../../auth/authState.ts";

export const OAUTH_STATE_KEY = "canon-reader.oauth-state";

export type OAuthPurpose = "login" | "bind";
type Pending = { state: string; provider: OAuthProvider; purpose: OAuthPurpose };

/** Records the trip and answers the address to send the reader to. */
export function startOAuth(
  session: KeyValueStorage,
  provider: OAuthProvider,
  authorizeUrl: string,
  purpose: OAuthPurpose,
  newState: () => string,
): string {
  const pending: Pending = { state: newState(), provider, purpose };
  session.setItem(OAUTH_STATE_KEY, JSON.stringify(pending));
  // WeChat's address ends in a fragment (#wechat_redirect): the state goes before it.
  const hashAt = authorizeUrl.indexOf("#");
  const base = hashAt >= 0 ? authorizeUrl.slice(0, hashAt) : authorizeUrl;
  const hash = hashAt >= 0 ? authorizeUrl.slice(hashAt) : "";
  const separator = base.includes("?") ? "&" : "?";
  return `${base}${separator}state=${encodeURIComponent(pending.state)}${hash}`;
}

/** The purpose of the trip `state` belongs to, or null for a stale or forged return. */
export function finishOAuth(
  session: KeyValueStorage,
  provider: OAuthProvider,
  state: string,
): OAuthPurpose | null {
  let pending: Pending | null = null;
  try {
    const raw = session.getItem(OAUTH_STATE_KEY);
    session.removeItem(OAUTH_STATE_KEY);
    pending = raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
  if (!pending || pending.provider !== provider || pending.state !== state || state === "") return null;
  return pending.purpose === "bind" ? "bind" : "login";
}

/**
 * WeChat's website login embedded in the page (what its `wxLogin.js` builds): the authorization
 * address without its fragment, asking for the QR page (`login_type=jssdk`) that sends the whole
 * window, not the frame, back to the return address (`self_redirect=false`).
 */
export function embeddedWechatAddress(address: string): string {
  const url = new URL(address);
  url.hash = "";
  url.searchParams.set("login_type", "jssdk");
  url.searchParams.set("self_redirect", "false");
  return url.href;
}
