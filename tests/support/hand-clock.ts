import type { Clock } from "../../src/offline/clock.ts";

/** A clock whose timers run only when the test moves it. */
export type HandClock = Clock & { delays: number[]; advance(ms: number): void; pending(): number };

export function handClock(start: number): HandClock {
  let now = start;
  let next = 0;
  const timers = new Map<number, { at: number; run(): void }>();
  const delays: number[] = [];
  return {
    delays,
    now: () => now,
    setTimeout(run, ms) {
      next += 1;
      timers.set(next, { at: now + ms, run });
      delays.push(ms);
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
    pending: () => timers.size,
  };
}
