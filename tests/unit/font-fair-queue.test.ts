import { describe, expect, it } from "vitest";
import { FairQueue } from "../../server/modules/fonts/fair-queue.ts";

/** Takes every waiting job in turn, finishing each before the next, and names them in order. */
function drainInTurn(queue: FairQueue<string>): string[] {
  const order: string[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    order.push(next.item);
    queue.finished(next.client);
  }
  return order;
}

describe("the font subset queue's turns", () => {
  it("lets clients take turns, a newcomer first, rather than serving one line to its end", () => {
    const queue = new FairQueue<string>();
    for (const job of ["a1", "a2", "a3"]) queue.push("a", job, 1);
    const running = queue.shift()!;
    expect(running.item).toBe("a1");
    queue.push("b", "b1", 1);
    queue.push("c", "c1", 1);
    queue.push("b", "b2", 1);
    queue.finished(running.client);
    expect(drainInTurn(queue)).toEqual(["b1", "c1", "a2", "b2", "a3"]);
    expect(queue.size).toBe(0);
    expect(queue.inFlight("a")).toBe(0);
  });

  it("counts a client's jobs running and waiting, and forgets a client with none", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1", 1);
    queue.push("a", "a2", 1);
    expect(queue.inFlight("a")).toBe(2);
    const first = queue.shift()!;
    expect(queue.inFlight("a")).toBe(2);
    queue.finished(first.client);
    expect(queue.inFlight("a")).toBe(1);
    queue.finished(queue.shift()!.client);
    expect(queue.inFlight("a")).toBe(0);
    // Forgotten: its next job is a newcomer's and goes before a client served since.
    queue.push("b", "b1", 1);
    const b1 = queue.shift()!;
    queue.push("b", "b2", 1);
    queue.push("a", "a3", 1);
    queue.finished(b1.client);
    expect(drainInTurn(queue)).toEqual(["a3", "b2"]);
  });

  it("estimates a new job's wait by playing the turns out on the workers' free times", () => {
    const queue = new FairQueue<string>();
    // Two workers, free in 300 ms and 2000 ms; the flooder has three jobs of 1000 ms waiting.
    queue.push("flooder", "f1", 100);
    queue.shift();
    queue.push("flooder", "f2", 100);
    queue.push("flooder", "f3", 100);
    queue.push("flooder", "f4", 100);
    const free = [300, 2000];
    // A newcomer goes first, at the first free worker.
    expect(queue.estimateWait("reader", free, 10)).toBe(300);
    // The flooder's next waits for its own three: f2 at 300, f3 at 1300, f4 at 2000, then 2300.
    expect(queue.estimateWait("flooder", free, 10)).toBe(2300);
    queue.push("reader", "r1", 50);
    // A third client goes after the reader's job (300 to 800), before the flooder's.
    expect(queue.estimateWait("other", free, 10)).toBe(800);
    // The reader's second job waits for its first and then a turn of the flooder's (800 to 1800).
    expect(queue.estimateWait("reader", free, 10)).toBe(1800);
  });

  it("estimates the wait a client's own jobs make, the others' left out", () => {
    const queue = new FairQueue<string>();
    queue.push("flooder", "f1", 100);
    queue.shift();
    for (const job of ["f2", "f3", "f4"]) queue.push("flooder", job, 100);
    queue.push("reader", "r1", 50);
    // The reader's own first job takes one worker; the other is free at once.
    expect(queue.estimateWait("reader", [0, 0], 10, true)).toBe(0);
    // The flooder's f1 runs 300 ms more: f2 at 0, f3 at 300, f4 at 1000, then 1300.
    expect(queue.estimateWait("flooder", [300, 0], 10, true)).toBe(1300);
  });

  it("hands back every waiting job when drained", () => {
    const queue = new FairQueue<string>();
    queue.push("a", "a1", 1);
    queue.push("b", "b1", 1);
    queue.shift();
    queue.push("a", "a2", 1);
    expect(queue.drain().sort()).toEqual(["a2", "b1"]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
