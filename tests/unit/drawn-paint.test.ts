// @vitest-environment jsdom
/**
 * The app's code waits for the first paint of what the server drew (src/app/drawnPaint.ts): after a
 * frame and a task, at once when nothing was drawn, and after a while in a tab that paints no frame.
 * Then the links the server held back in the page are put where the browser loads them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { AFTER_PAINT_ATTRIBUTE, buildNameOf } from "../../contract/app-screens.ts";
import { rememberAppFiles } from "../../src/app/appFilesCookie.ts";
import { afterDrawnPaint, releaseAfterPaint } from "../../src/app/drawnPaint.ts";

const documentWith = (drawn: boolean) =>
  ({ querySelector: () => (drawn ? {} : null) }) as unknown as Document;

/** A window whose frames are run by `frame()`, its timers by Vitest's fake clock. */
function windowWithFrames() {
  const frames: FrameRequestCallback[] = [];
  const win = {
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as unknown as Window;
  const frame = () => {
    for (const callback of frames.splice(0)) callback(0);
  };
  return { win, frame };
}

async function settledWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe("the app's code after the drawn page's paint", () => {
  afterEach(() => vi.useRealTimers());

  it("goes at once when the server drew nothing", async () => {
    vi.useFakeTimers();
    const { win } = windowWithFrames();
    expect(await settledWithin(afterDrawnPaint(documentWith(false), win), 0)).toBe(true);
  });

  it("waits for a frame and the task after it when the server drew the screen", async () => {
    vi.useFakeTimers();
    const { win, frame } = windowWithFrames();
    const painted = afterDrawnPaint(documentWith(true), win);
    expect(await settledWithin(painted, 100)).toBe(false);
    frame();
    expect(await settledWithin(painted, 0)).toBe(true);
  });

  it("goes on without a frame in a tab that paints none", async () => {
    vi.useFakeTimers();
    const { win } = windowWithFrames();
    const painted = afterDrawnPaint(documentWith(true), win);
    expect(await settledWithin(painted, 200)).toBe(false);
    expect(await settledWithin(painted, 100)).toBe(true);
  });
});

describe("the links held back until the drawing is painted", () => {
  it("go into the head, once", async () => {
    document.head.innerHTML =
      `<script type="module" src="/assets/index-a.js"></script><template ${AFTER_PAINT_ATTRIBUTE}>` +
      '<link rel="modulepreload" href="/assets/start-b.js"><link rel="preload" as="style" href="/assets/g.css" data-build-styles></template>';
    await releaseAfterPaint(document, window);
    expect(document.querySelector("template")).toBeNull();
    expect([...document.head.querySelectorAll("link")].map((link) => link.getAttribute("href"))).toEqual([
      "/assets/start-b.js",
      "/assets/g.css",
    ]);
    await releaseAfterPaint(document, window);
    expect(document.head.querySelectorAll("link")).toHaveLength(2);
  });

  it("go in a few in each task, in their order", async () => {
    vi.useFakeTimers();
    const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    document.head.innerHTML = `<template ${AFTER_PAINT_ATTRIBUTE}>${hrefs
      .map((href) => `<link rel="modulepreload" href="${href}">`)
      .join("")}</template>`;
    const released = releaseAfterPaint(document, windowWithFrames().win);
    const linked = () => document.head.querySelectorAll("link").length;
    expect(linked()).toBe(4);
    // The other two batches, each in a task of its own.
    expect(vi.getTimerCount()).toBe(2);
    await vi.runAllTimersAsync();
    await released;
    expect([...document.head.querySelectorAll("link")].map((link) => link.getAttribute("href"))).toEqual(
      hrefs,
    );
    vi.useRealTimers();
  });
});

describe("the build whose files the browser has loaded", () => {
  it("is named by its entry and remembered in a cookie", () => {
    expect(buildNameOf("/assets/index-Bx1_a-9.js")).toBe("index-Bx1_a-9");
    expect(buildNameOf("/src/main.tsx")).toBeNull();
    rememberAppFiles(document, "/assets/index-Bx1.js");
    expect(document.cookie.split("; ")).toContain("app_files=index-Bx1");
    rememberAppFiles(document, "/src/main.tsx");
    expect(document.cookie.split("; ")).toContain("app_files=index-Bx1");
  });
});
