/**
 * The JS heap of a page's dedicated worker, after a garbage collection, read over the Chrome
 * DevTools Protocol (workers have no `performance.memory`): the page's CDP session auto-attaches
 * to its workers, and the worker's commands travel as messages through that session.
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";

type Attached = { sessionId: string; targetInfo: { type: string; url: string } };
type Received = { sessionId: string; message: string };

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

/** Bytes of JS heap in use by the page's worker whose script URL contains `script`; null if none. */
export async function workerHeap(
  context: BrowserContext,
  page: Page,
  script: string,
): Promise<number | null> {
  const cdp = await context.newCDPSession(page);
  try {
    const attached: Attached[] = [];
    cdp.on("Target.attachedToTarget", (event: Attached) => attached.push(event));
    await cdp.send("Target.setAutoAttach", {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    const worker = attached.find((a) => a.targetInfo.type === "worker" && a.targetInfo.url.includes(script));
    if (!worker) return null;
    await callWorker(cdp, worker.sessionId, 1, "HeapProfiler.collectGarbage");
    const usage = (await callWorker(cdp, worker.sessionId, 2, "Runtime.getHeapUsage")) as {
      usedSize: number;
    };
    return usage.usedSize;
  } finally {
    await cdp.detach();
  }
}
