/**
 * The JS heap of a page's dedicated worker, read over the Chrome DevTools Protocol (workers have
 * no `performance.memory`): the page's CDP session auto-attaches to its workers, and the worker's
 * commands travel as messages through that session. Read after a garbage collection, or sampled
 * while the worker works (no collection forced) for the peak; array buffers (typed arrays' bytes,
 * outside the JS heap) are read beside the heap.
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";

type Attached = { sessionId: string; targetInfo: { type: string; url: string } };
type Received = { sessionId: string; message: string };
type HeapUsage = { usedSize: number; backingStorageSize?: number };

/** Bytes of the worker's JS heap in use and of its array buffers. */
export type WorkerMemory = { heap: number; buffers: number };

function callWorker(cdp: CDPSession, sessionId: string, id: number, method: string): Promise<unknown> {
  return new Promise((resolve) => {
    const listener = (event: Received) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (event.sessionId !== sessionId || message.id !== id) return;
      cdp.off("Target.receivedMessageFromTarget", listener);
      resolve(message.result);
    };
    cdp.on("Target.receivedMessageFromTarget", listener);
    void cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) });
  });
}

async function attach(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const attached: Attached[] = [];
  cdp.on("Target.attachedToTarget", (event: Attached) => attached.push(event));
  await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return { cdp, attached };
}

const memoryOf = (usage: HeapUsage): WorkerMemory => ({
  heap: usage.usedSize,
  buffers: usage.backingStorageSize ?? 0,
});

/** The worker's memory after a garbage collection; null if the page has no such worker. */
export async function workerMemory(
  context: BrowserContext,
  page: Page,
  script: string,
): Promise<WorkerMemory | null> {
  const { cdp, attached } = await attach(context, page);
  try {
    const worker = attached.find((a) => a.targetInfo.type === "worker" && a.targetInfo.url.includes(script));
    if (!worker) return null;
    await callWorker(cdp, worker.sessionId, 1, "HeapProfiler.collectGarbage");
    return memoryOf((await callWorker(cdp, worker.sessionId, 2, "Runtime.getHeapUsage")) as HeapUsage);
  } finally {
    await cdp.detach();
  }
}

/** Bytes of JS heap in use by the page's worker whose script URL contains `script`; null if none. */
export async function workerHeap(
  context: BrowserContext,
  page: Page,
  script: string,
): Promise<number | null> {
  return (await workerMemory(context, page, script))?.heap ?? null;
}

/**
 * Samples the worker's memory every `everyMs` until stopped (a worker started meanwhile is found
 * when it starts); `stop` gives the highest heap and heap + buffers seen, null if none was read.
 */
export async function sampleWorkerMemory(context: BrowserContext, page: Page, script: string, everyMs = 250) {
  const { cdp, attached } = await attach(context, page);
  const peak: WorkerMemory & { total: number } = { heap: 0, buffers: 0, total: 0 };
  let seen = false;
  let next = 1;
  let running = true;
  const tick = async () => {
    const worker = attached.find((a) => a.targetInfo.type === "worker" && a.targetInfo.url.includes(script));
    if (!worker) return;
    const asked = callWorker(cdp, worker.sessionId, next++, "Runtime.getHeapUsage");
    const usage = (await Promise.race([asked, new Promise((r) => setTimeout(r, 5_000))])) as
      | HeapUsage
      | undefined;
    if (!usage) return;
    const memory = memoryOf(usage);
    seen = true;
    peak.heap = Math.max(peak.heap, memory.heap);
    peak.buffers = Math.max(peak.buffers, memory.buffers);
    peak.total = Math.max(peak.total, memory.heap + memory.buffers);
  };
  const loop = (async () => {
    while (running) {
      await tick();
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<(WorkerMemory & { total: number }) | null> {
      running = false;
      await loop;
      await cdp.detach();
      return seen ? peak : null;
    },
  };
}

/** The page's own JS heap after a garbage collection (its workers not counted). */
export async function pageMemory(context: BrowserContext, page: Page): Promise<WorkerMemory> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    return memoryOf((await cdp.send("Runtime.getHeapUsage")) as HeapUsage);
  } finally {
    await cdp.detach();
  }
}

/** Samples the page's own JS heap every `everyMs` until stopped; `stop` gives the highest seen. */
export async function samplePageMemory(context: BrowserContext, page: Page, everyMs = 250) {
  const cdp = await context.newCDPSession(page);
  const peak: WorkerMemory & { total: number } = { heap: 0, buffers: 0, total: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const usage = (await Promise.race([
        cdp.send("Runtime.getHeapUsage").catch(() => undefined),
        new Promise((r) => setTimeout(r, 5_000)),
      ])) as HeapUsage | undefined;
      if (usage) {
        const memory = memoryOf(usage);
        peak.heap = Math.max(peak.heap, memory.heap);
        peak.buffers = Math.max(peak.buffers, memory.buffers);
        peak.total = Math.max(peak.total, memory.heap + memory.buffers);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<WorkerMemory & { total: number }> {
      running = false;
      await loop;
      await cdp.detach();
      return peak;
    },
  };
}
