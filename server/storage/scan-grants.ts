/**
 * Granted addresses of page scans. On a site that limits page-image views (see
 * modules/canon/page-image-limit.ts), a scan under `/storage/pages/…` is served only at an address
 * the server gave out with a counted view: `?grant=<expiry>.<mac>`, an HMAC of the scan's key and
 * the expiry under a key derived from the sign-in secret, so every process of the site accepts
 * what another gave. Thumbnails and other stored files are not scans and need no grant. Without a
 * limit, addresses are given and served as they always were.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { STORAGE_URL_PREFIX } from "./local.ts";

/** Storage keys of page scans (thumbnails live under `thumbs/`). */
export const SCAN_KEY_PREFIX = "pages/";
export const GRANT_PARAM = "grant";
/**
 * Grants are made at the start of a ten-minute window, so the same page asked twice in it gets the
 * same address and the browser's cache keeps working; each is good for an hour after that start.
 */
export const GRANT_WINDOW_S = 600;
export const GRANT_TTL_S = 3600;

const MAC_BYTES = 16;

export type ScanGrants = {
  /** Whether scans are served only at granted addresses (the site limits page-image views). */
  readonly required: boolean;
  /** The address to hand a counted view: `url` (a `/storage/…` address) with a grant when one is needed. */
  granted(url: string): string;
  /** Whether the stored object under `key` may be served to a request carrying `grant`. */
  admits(key: string, grant: unknown): boolean;
};

export function isScanKey(key: string): boolean {
  return key.startsWith(SCAN_KEY_PREFIX);
}

export function scanGrants(options: {
  required: boolean;
  secret: Uint8Array;
  now: () => number;
}): ScanGrants {
  const macKey = createHmac("sha256", options.secret).update("page-scan-grant").digest();
  const macOf = (key: string, expiry: number) =>
    createHmac("sha256", macKey).update(`${key}\n${expiry}`).digest().subarray(0, MAC_BYTES);
  const nowS = () => Math.floor(options.now() / 1000);

  return {
    required: options.required,
    granted(url) {
      if (!options.required || !url.startsWith(STORAGE_URL_PREFIX)) return url;
      const key = url.slice(STORAGE_URL_PREFIX.length);
      if (!isScanKey(key)) return url;
      const expiry = Math.floor(nowS() / GRANT_WINDOW_S) * GRANT_WINDOW_S + GRANT_TTL_S;
      return `${url}?${GRANT_PARAM}=${expiry}.${macOf(key, expiry).toString("base64url")}`;
    },
    admits(key, grant) {
      if (!options.required || !isScanKey(key)) return true;
      const match = typeof grant === "string" ? /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(grant) : null;
      if (!match) return false;
      const expiry = Number(match[1]);
      const now = nowS();
      if (expiry < now || expiry > now + GRANT_TTL_S) return false;
      const given = Buffer.from(match[2] ?? "", "base64url");
      return given.length === MAC_BYTES && timingSafeEqual(given, macOf(key, expiry));
    },
  };
}

/** Scans served as before: no limit on this site. */
export const OPEN_SCANS: ScanGrants = {
  required: false,
  granted: (url) => url,
  admits: () => true,
};
