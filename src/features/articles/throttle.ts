/**
 * Runs `run` at once, then at most once every `ms` while calls keep coming, and once more after
 * the last of them, so that the final state is always seen.
 */
export type Timers = Pick<Window, "setTimeout" | "clearTimeout">;
export type Throttled = { (): void; cancel(): void };

export function throttle(run: () => void, ms: number, timers: Timers): Throttled {
  let timer: number | null = null;
  let pending = false;
  const tick = () => {
    if (!pending) {
      timer = null;
      return;
    }
    pending = false;
    run();
    timer = timers.setTimeout(tick, ms);
  };
  const call = () => {
    if (timer !== null) {
      pending = true;
      return;
    }
    run();
    timer = timers.setTimeout(tick, ms);
  };
  call.cancel = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    pending = false;
  };
  return call;
}
