/**
 * The sign-in state: the access token in localStorage and what it says about the reader
 * (`{ id, roles }`, decoded with jwt-decode and checked against the contract's claims). The store
 * is created once by the app with the storage it should use, so tests can hand it their own.
 *
 * The token's `exp` is not read: the access token lives minutes while the sign-in lasts days in
 * the refresh cookie, so the reader is signed in while a token is held, and the API client signs
 * out when a 401 cannot be cured by a refresh.
 */
import { jwtDecode } from "jwt-decode";
import { isRole, type Role } from "../../contract/account-rules.ts";
import type { TokenPayload } from "../../contract/accounts.ts";
import type { TokenStore } from "../api/client.ts";

export type AuthState = { signedIn: false } | { signedIn: true; userId: number; roles: readonly Role[] };

export const SIGNED_OUT: AuthState = { signedIn: false };
export const TOKEN_KEY = "canon-reader.token";

/** The token's claims as the contract gives them: a positive integer `id` and known `roles`. */
export function isTokenPayload(claims: unknown): claims is TokenPayload {
  if (typeof claims !== "object" || claims === null) return false;
  const { id, roles } = claims as Record<string, unknown>;
  return Number.isSafeInteger(id) && (id as number) > 0 && Array.isArray(roles) && roles.every(isRole);
}

/** What a token says; a missing, unreadable or malformed token means signed out. */
export function authStateOf(token: string | null): AuthState {
  if (!token) return SIGNED_OUT;
  try {
    const claims: unknown = jwtDecode(token);
    return isTokenPayload(claims) ? { signedIn: true, userId: claims.id, roles: claims.roles } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type AuthStore = TokenStore & {
  state(): AuthState;
  subscribe(listener: () => void): () => void;
};

export function createAuthStore(storage: KeyValueStorage): AuthStore {
  const listeners = new Set<() => void>();
  const read = (): string | null => {
    try {
      return storage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  };
  let token = read();
  let state = authStateOf(token);
  const update = (next: string | null) => {
    token = next;
    state = authStateOf(next);
    try {
      if (next === null) storage.removeItem(TOKEN_KEY);
      else storage.setItem(TOKEN_KEY, next);
    } catch {
      // Storage may be unavailable (private mode): the session then lasts for this page only.
    }
    for (const listener of listeners) listener();
  };
  return {
    get: () => token,
    set: (next) => update(next),
    clear: () => update(null),
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
