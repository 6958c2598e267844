/**
 * A screen's address check (its `validateSearch`) that loads with the screen's code rather than
 * with the app's start, so the reading screens do not carry every list screen's filters. Until the
 * check is loaded the route takes the address as it is; the route's `beforeLoad` loads it and, the
 * first time, enters the route again (the same address), which the loaded check then reads and
 * writes back as it always does.
 */
import { type ParsedLocation, redirect } from "@tanstack/react-router";

/** A route's `validateSearch`, whatever its input type. */
type SearchCheck = (raw: never) => unknown;

export type LaterSearch<Check extends SearchCheck> = {
  validateSearch: Check;
  ready(location: ParsedLocation): Promise<void>;
};

export function laterSearch<Check extends SearchCheck>(load: () => Promise<Check>): LaterSearch<Check> {
  let check: Check | null = null;
  const validateSearch = (raw: never) => (check ? check(raw) : raw);
  return {
    validateSearch: validateSearch as Check,
    async ready(location) {
      if (check) return;
      check = await load();
      throw redirect({ href: location.href, replace: true });
    },
  };
}
