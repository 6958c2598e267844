/**
 * The subset jobs waiting for a worker, in one line per client. A free worker takes the next job of
 * the client served longest ago (a client not served yet goes first; ties go to the earlier job), so
 * a client with many jobs takes turns with the others instead of holding the workers until its own
 * line is empty: a reader's first job waits only for the jobs already running and for the first
 * jobs of readers who came before it.
 */

/** `cost`: the job's estimated duration, in the units of the pool's estimate. */
type Entry<T> = { item: T; arrival: number; cost: number };

type Line<T> = {
  client: string;
  waiting: Entry<T>[];
  /** Jobs of this client handed to a worker and not finished yet. */
  running: number;
  /** When this client was last given a worker, counted in jobs handed out; -1 before the first. */
  lastServed: number;
};

type Turn = { lastServed: number; waiting: { arrival: number }[] };

/** The line whose job goes next, by the rule above; undefined when none is waiting. */
function nextLine<L extends Turn>(lines: Iterable<L>): L | undefined {
  let next: L | undefined;
  for (const line of lines) {
    const head = line.waiting[0];
    if (!head) continue;
    if (
      !next ||
      line.lastServed < next.lastServed ||
      (line.lastServed === next.lastServed && head.arrival < next.waiting[0]!.arrival)
    ) {
      next = line;
    }
  }
  return next;
}

export class FairQueue<T> {
  private readonly lines = new Map<string, Line<T>>();
  private served = 0;
  private arrivals = 0;
  private waitingCount = 0;

  /** Jobs waiting, over every client. */
  get size(): number {
    return this.waitingCount;
  }

  /** A client's jobs running or waiting. */
  inFlight(client: string): number {
    const line = this.lines.get(client);
    return line ? line.running + line.waiting.length : 0;
  }

  push(client: string, item: T, cost: number): void {
    let line = this.lines.get(client);
    if (!line) {
      line = { client, waiting: [], running: 0, lastServed: -1 };
      this.lines.set(client, line);
    }
    line.waiting.push({ item, arrival: this.arrivals++, cost });
    this.waitingCount += 1;
  }

  /** Takes the next job for a free worker; the caller reports its end with `finished`. */
  shift(): { client: string; item: T } | undefined {
    const line = nextLine(this.lines.values());
    if (!line) return undefined;
    const entry = line.waiting.shift()!;
    line.running += 1;
    line.lastServed = this.served++;
    this.waitingCount -= 1;
    return { client: line.client, item: entry.item };
  }

  finished(client: string): void {
    const line = this.lines.get(client);
    if (!line) return;
    line.running -= 1;
    // A client with nothing left is forgotten, and its next job is a newcomer's.
    if (line.running <= 0 && line.waiting.length === 0) this.lines.delete(client);
  }

  /** Empties every line, for a pool that is closing. */
  drain(): T[] {
    const items = [...this.lines.values()].flatMap((line) => line.waiting.map((entry) => entry.item));
    this.lines.clear();
    this.waitingCount = 0;
    return items;
  }

  /**
   * Milliseconds until a new job from `client` would be handed to a worker: the turns are played
   * out on the waiting jobs' costs at `msPerCost`, starting from when each worker is next free.
   * With `ownOnly`, the other clients' waiting jobs are left out (the caller frees their workers
   * too), which leaves the wait the client's own jobs make.
   */
  estimateWait(
    client: string,
    workerFreeInMs: readonly number[],
    msPerCost: number,
    ownOnly = false,
  ): number {
    const probe = { arrival: this.arrivals, cost: 0 };
    const lines: { lastServed: number; waiting: { arrival: number; cost: number }[] }[] = [];
    for (const line of this.lines.values()) {
      if (ownOnly && line.client !== client) continue;
      const waiting = line.waiting.map(({ arrival, cost }) => ({ arrival, cost }));
      if (line.client === client) waiting.push(probe);
      lines.push({ lastServed: line.lastServed, waiting });
    }
    if (!this.lines.has(client)) lines.push({ lastServed: -1, waiting: [probe] });
    const freeIn = [...workerFreeInMs];
    if (freeIn.length === 0) throw new Error("a subset pool has at least one worker");
    let served = this.served;
    for (;;) {
      const worker = freeIn.indexOf(Math.min(...freeIn));
      const line = nextLine(lines)!;
      const job = line.waiting.shift()!;
      if (job === probe) return freeIn[worker]!;
      freeIn[worker]! += job.cost * msPerCost;
      line.lastServed = served++;
    }
  }
}
