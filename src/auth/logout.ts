/**
 * Signing out (spec sections 4 and 9): the logout call, then the token and state cleared, then
 * home after 1 s; a repeated click within 3 s does nothing. The app passes its own way home: the
 * reader is taken home first and signed out there, without the page loading again and without
 * the page they were on refusing them for a moment (a page for signed-in readers would).
 */
export const LOGOUT_DELAY_MS = 1000;
export const LOGOUT_THROTTLE_MS = 3000;

export type LogoutDeps = {
  /** The server call; its failure does not keep the reader signed in. */
  callLogout(): Promise<void>;
  clearSession(): void;
  goHome(): void;
  now(): number;
  later(run: () => void, ms: number): void;
};

export function createLogout(deps: LogoutDeps): (goHome?: () => Promise<void>) => Promise<boolean> {
  let lastAt = Number.NEGATIVE_INFINITY;
  return async (goHome) => {
    const at = deps.now();
    if (at - lastAt < LOGOUT_THROTTLE_MS) return false;
    lastAt = at;
    try {
      await deps.callLogout();
    } catch {
      // Signed out locally all the same; the refresh cookie expires on its own.
    }
    if (goHome) {
      await goHome().catch(() => undefined);
      deps.clearSession();
      return true;
    }
    deps.clearSession();
    deps.later(deps.goHome, LOGOUT_DELAY_MS);
    return true;
  };
}
