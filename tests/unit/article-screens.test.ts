/**
 * The rules behind the reader's article screens: the news list's address, its scroll memory, the
 * current heading of an introduction page, and the throttle that paces it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { articleLang } from "../../src/api/articles.ts";
import { checkArticleUid } from "../../src/app/routes/guards.ts";
import { currentHeadingIndex, NEAR_BOTTOM_PX } from "../../src/features/articles/currentHeading.ts";
import {
  listToReturnTo,
  NEWS_LIST_SCROLL_KEY,
  readListScroll,
  rememberListScroll,
  scrollToRestore,
} from "../../src/features/articles/listScroll.ts";
import { parseNewsSearch, printNewsSearch } from "../../src/features/articles/newsSearch.ts";
import { throttle } from "../../src/features/articles/throttle.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("the news list's address", () => {
  it.each([
    [{}, { page_no: 1, page_size: 10 }],
    [
      { page_no: "3", page_size: "20" },
      { page_no: 3, page_size: 20 },
    ],
    [
      { page_no: 2, page_size: 100 },
      { page_no: 2, page_size: 100 },
    ],
    [
      { page_no: "0", page_size: "15" },
      { page_no: 1, page_size: 10 },
    ],
    [
      { page_no: "-2", page_size: "abc" },
      { page_no: 1, page_size: 10 },
    ],
    [
      { page_no: "1.5", page_size: ["20"] },
      { page_no: 1, page_size: 10 },
    ],
  ])("reads %j as %j", (search, parsed) => {
    expect(parseNewsSearch(search)).toEqual(parsed);
  });

  it("leaves the defaults out of the address", () => {
    expect(printNewsSearch({ page_no: 1, page_size: 10 })).toEqual({});
    expect(printNewsSearch({ page_no: 4, page_size: 10 })).toEqual({ page_no: 4 });
    expect(printNewsSearch({ page_no: 1, page_size: 50 })).toEqual({ page_size: 50 });
    expect(printNewsSearch(parseNewsSearch({ page_no: "1", page_size: "10" }))).toEqual({});
    expect(printNewsSearch(parseNewsSearch({ page_no: "2", page_size: "7" }))).toEqual({ page_no: 2 });
  });
});

describe("the news list's scroll memory", () => {
  it("restores the position only for the list address it was left from", () => {
    const storage = memoryStorage();
    expect(scrollToRestore(storage, "/article")).toBeNull();
    rememberListScroll(storage, { href: "/article?page_no=2&page_size=20", y: 1380 });
    expect(scrollToRestore(storage, "/article?page_no=2&page_size=20")).toBe(1380);
    expect(scrollToRestore(storage, "/article")).toBeNull();
    expect(listToReturnTo(storage)).toBe("/article?page_no=2&page_size=20");
  });

  it("goes back to the first page when the reader came from no list", () => {
    expect(listToReturnTo(memoryStorage())).toBe("/article");
  });

  it.each([
    "not json",
    JSON.stringify({ href: "/JS", y: 10 }),
    JSON.stringify({ href: "https://example.org/article", y: 10 }),
    JSON.stringify({ href: "/articles", y: 10 }),
    JSON.stringify({ href: "/article", y: -1 }),
    JSON.stringify({ href: "/article", y: "12" }),
    JSON.stringify(null),
  ])("ignores a stored %s", (stored) => {
    const storage = memoryStorage();
    storage.setItem(NEWS_LIST_SCROLL_KEY, stored);
    expect(readListScroll(storage)).toBeNull();
    expect(listToReturnTo(storage)).toBe("/article");
  });

  it("keeps working without session storage", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => undefined,
    };
    expect(() => rememberListScroll(broken, { href: "/article", y: 5 })).not.toThrow();
    expect(readListScroll(broken)).toBeNull();
    expect(listToReturnTo(broken)).toBe("/article");
  });
});

describe("the current heading", () => {
  const page = { scrollTop: 1000, viewportHeight: 800, scrollHeight: 5000 };

  it("is the last heading that reached the top of the window", () => {
    expect(currentHeadingIndex({ ...page, headingTops: [-900, -300, 40, 500, 1200] })).toBe(2);
    expect(currentHeadingIndex({ ...page, headingTops: [-900, -300, 81, 500] })).toBe(1);
  });

  it("is the first heading before any has reached the top", () => {
    expect(currentHeadingIndex({ ...page, scrollTop: 0, headingTops: [120, 600] })).toBe(0);
  });

  it("is the last heading within 400 px of the bottom", () => {
    const nearBottom = page.scrollHeight - page.viewportHeight - NEAR_BOTTOM_PX;
    const headingTops = [-2000, -10, 300, 600];
    expect(currentHeadingIndex({ ...page, scrollTop: nearBottom, headingTops })).toBe(3);
    expect(currentHeadingIndex({ ...page, scrollTop: nearBottom - 1, headingTops })).toBe(1);
  });

  it("is the first one on a page too short to scroll, and none without headings", () => {
    expect(
      currentHeadingIndex({ scrollTop: 0, viewportHeight: 800, scrollHeight: 800, headingTops: [100, 300] }),
    ).toBe(0);
    expect(currentHeadingIndex({ ...page, headingTops: [] })).toBe(-1);
  });
});

describe("the scroll throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const timers = {
    setTimeout: (run: () => void, ms: number) => Number(setTimeout(run, ms)),
    clearTimeout: (id: number) => clearTimeout(id),
  } as Pick<Window, "setTimeout" | "clearTimeout">;

  it("runs at once, at most every 100 ms while calls go on, and once after the last", () => {
    const run = vi.fn();
    const throttled = throttle(run, 100, timers);
    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(20);
      throttled();
    }
    // 180 ms of calls: the first at 0, one at 100, and one at 200 for the calls after it.
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(20);
    expect(run).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(3);
    throttled();
    expect(run).toHaveBeenCalledTimes(4);
  });

  it("runs nothing more once cancelled", () => {
    const run = vi.fn();
    const throttled = throttle(run, 100, timers);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe("the language of the article calls", () => {
  it.each([
    ["zh-CN", "zh-CN"],
    ["zh-TW", "zh-TW"],
    ["en", "en"],
    ["ja", "zh-CN"],
  ])("asks %s articles as %s", (locale, lang) => {
    expect(articleLang(locale)).toBe(lang);
  });
});

describe("the article address", () => {
  it.each(["help", "help.en", "JS-intro.zh-TW", "news_2026-01"])("opens %s", (uid) => {
    expect(checkArticleUid(uid)).toEqual({ kind: "allow" });
  });

  it.each(["", "中文", "a b", "-lead", "help.fr", "x".repeat(65)])(
    "sends %j, which cannot exist, to /404",
    (uid) => {
      expect(checkArticleUid(uid)).toEqual({ kind: "redirect", to: "/404" });
    },
  );
});
