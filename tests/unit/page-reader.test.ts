import { describe, expect, it } from "vitest";
import { bookPageList, bookTabPage, enumerateBook } from "../../src/features/reader-page/bookPages.ts";
import { cidCharIds } from "../../src/features/reader-page/cid.ts";
import {
  imageTransform,
  nextRotation,
  type Rotation,
  screenBox,
  turnBox,
  turnedSize,
} from "../../src/features/reader-page/geometry.ts";
import { pageLabel, parsePageInput, resolvePageInput } from "../../src/features/reader-page/pageInput.ts";
import {
  DEFAULT_PAGE_SETTINGS,
  loadPageSettings,
  PAGE_SETTINGS_KEY,
  savePageSettings,
} from "../../src/features/reader-page/pageSettings.ts";
import { sessionCached } from "../../src/features/reader-page/sessionCache.ts";
import { createThrottle } from "../../src/features/reader-page/throttle.ts";
import {
  DEFAULT_SCALE,
  fitScale,
  validScale,
  zoomForKey,
  zoomIn,
  zoomOut,
} from "../../src/features/reader-page/zoom.ts";
import { memoryStorage } from "../support/memory-storage.ts";

describe("page input", () => {
  it.each([
    ["12", { number: 12, side: "" }],
    ["12a", { number: 12, side: "a" }],
    ["12b", { number: 12, side: "b" }],
    [" 7B ", { number: 7, side: "b" }],
    ["0", { number: 0, side: "" }],
  ])("reads %j as a page number and side", (text, expected) => {
    expect(parsePageInput(text)).toEqual(expected);
  });

  it.each(["", "a", "12c", "12ab", "1.5", "-3", "12 a", "第3页"])("refuses %j", (text) => {
    expect(parsePageInput(text)).toBeNull();
  });

  it("labels a page by the last part of its uid", () => {
    expect(pageLabel("QL_24_17")).toBe("17");
    expect(pageLabel("JS_1_793a")).toBe("793a");
    expect(pageLabel("JX_165_7_12")).toBe("12");
  });

  const sided = ["JS_1_793a", "JS_1_793b", "JS_1_793c", "JS_1_794a", "JS_1_794b"];
  it("finds a sided page: digits alone mean side a, a or b pick the column", () => {
    const at = (text: string) => resolvePageInput(parsePageInput(text)!, sided, "JS_1_793a");
    expect(at("794")).toBe("JS_1_794a");
    expect(at("794a")).toBe("JS_1_794a");
    expect(at("794b")).toBe("JS_1_794b");
    expect(at("795")).toBeNull();
    expect(at("792b")).toBeNull();
  });

  it("finds an unsided page by its number, and an a or b it lacks is no page", () => {
    const pages = ["YB_22_346", "YB_22_389", "YB_22_476"];
    expect(resolvePageInput({ number: 389, side: "" }, pages, "YB_22_346")).toBe("YB_22_389");
    expect(resolvePageInput({ number: 389, side: "b" }, pages, "YB_22_346")).toBeNull();
    expect(resolvePageInput({ number: 1000, side: "" }, pages, "YB_22_346")).toBeNull();
  });

  it("prefers a page under the current page's prefix in books with deeper numbers", () => {
    const pages = ["JX_165_6_12", "JX_165_7_4", "JX_165_7_12"];
    expect(resolvePageInput({ number: 12, side: "" }, pages, "JX_165_7_4")).toBe("JX_165_7_12");
    expect(resolvePageInput({ number: 12, side: "" }, pages, "JX_165_6_12")).toBe("JX_165_6_12");
  });
});

describe("zoom", () => {
  it("maps keys 1-9 to 100, 200, 300, 400, 500, 60, 70, 80, 90", () => {
    expect("123456789".split("").map(zoomForKey)).toEqual([100, 200, 300, 400, 500, 60, 70, 80, 90]);
    expect(zoomForKey("0")).toBeNull();
    expect(zoomForKey("a")).toBeNull();
  });

  it("starts at 80 and steps by 10, not below 10 nor above 500", () => {
    expect(DEFAULT_SCALE).toBe(80);
    expect(zoomIn(80)).toBe(90);
    expect(zoomIn(495)).toBe(500);
    expect(zoomIn(500)).toBe(500);
    expect(zoomOut(80)).toBe(70);
    expect(zoomOut(15)).toBe(10);
    expect(zoomOut(10)).toBe(10);
    expect(zoomOut(4)).toBe(4);
  });

  it.each([
    ["1", 1],
    ["500", 500],
    [" 150 ", 150],
    [99.6, 100],
    ["0", null],
    ["501", null],
    ["", null],
    ["abc", null],
    [null, null],
  ])("takes %j as the scale %j", (value, expected) => {
    expect(validScale(value)).toBe(expected);
  });

  it("fits a size into the space, kept within 1 to 500", () => {
    expect(fitScale(800, 400)).toBe(200);
    expect(fitScale(300, 443)).toBe(67);
    expect(fitScale(100_000, 10)).toBe(500);
    expect(fitScale(1, 10_000)).toBe(1);
    expect(fitScale(800, 0)).toBe(DEFAULT_SCALE);
  });
});

describe("cid", () => {
  const chars = ["1.1", "1.2", "1.3", "2.1", "2.2", "3.1"].map((n) => ({
    char_id: `QL_24_17.${n}`,
    cid: `QL_24_17.${n.split(".")[0]}`,
  }));
  const ids = (query: string | null) => [...cidCharIds(query, "QL_24_17", chars)].sort();

  it("takes one char id", () => {
    expect(ids("QL_24_17.1.2")).toEqual(["QL_24_17.1.2"]);
  });

  it("takes a comma list of char and line ids, a line standing for its chars", () => {
    expect(ids("QL_24_17.1.1,QL_24_17.2")).toEqual(["QL_24_17.1.1", "QL_24_17.2.1", "QL_24_17.2.2"]);
  });

  it("takes a range joined by a dash, in page order, either way round", () => {
    expect(ids("QL_24_17.1.3-QL_24_17.2.2")).toEqual(["QL_24_17.1.3", "QL_24_17.2.1", "QL_24_17.2.2"]);
    expect(ids("QL_24_17.2.2-QL_24_17.1.3")).toEqual(["QL_24_17.1.3", "QL_24_17.2.1", "QL_24_17.2.2"]);
    expect(ids("QL_24_17.2-QL_24_17.3")).toEqual(["QL_24_17.2.1", "QL_24_17.2.2", "QL_24_17.3.1"]);
  });

  it("runs a range that starts or ends on another page to this page's edge", () => {
    expect(ids("QL_24_16.9.1-QL_24_17.1.2")).toEqual(["QL_24_17.1.1", "QL_24_17.1.2"]);
    expect(ids("QL_24_17.3.1-QL_24_18.1.1")).toEqual(["QL_24_17.3.1"]);
    expect(ids("QL_24_16.1.1-QL_24_18.1.1")).toEqual([]);
  });

  it("names nothing for an empty, malformed or foreign query", () => {
    expect(ids(null)).toEqual([]);
    expect(ids("")).toEqual([]);
    expect(ids("hello")).toEqual([]);
    expect(ids("QL_24_17.9.9")).toEqual([]);
    expect(ids("QL_24_16.1.1")).toEqual([]);
  });
});

describe("box geometry", () => {
  const image = { width: 400, height: 600 };
  const box = { x: 10, y: 20, w: 30, h: 40 };

  it("cycles the rotation 0, 90, 180, 270", () => {
    expect([0, 90, 180, 270].map((r) => nextRotation(r as Rotation))).toEqual([90, 180, 270, 0]);
  });

  it("turns the image's size on a quarter turn", () => {
    expect(turnedSize(image, 0)).toEqual(image);
    expect(turnedSize(image, 90)).toEqual({ width: 600, height: 400 });
    expect(turnedSize(image, 180)).toEqual(image);
    expect(turnedSize(image, 270)).toEqual({ width: 600, height: 400 });
  });

  it.each([
    [0, { x: 10, y: 20, w: 30, h: 40 }],
    [90, { x: 540, y: 10, w: 40, h: 30 }],
    [180, { x: 360, y: 540, w: 30, h: 40 }],
    [270, { x: 20, y: 360, w: 40, h: 30 }],
  ] as const)("puts a box where the image turned by %i puts it", (rotation, expected) => {
    expect(turnBox(box, image, rotation)).toEqual(expected);
  });

  it("matches the CSS transform of the image: corners of the box land where the turned image puts them", () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      const scale = 150;
      const f = scale / 100;
      const corners = [
        [box.x, box.y],
        [box.x + box.w, box.y + box.h],
      ].map(([x, y]) => applyTransform(imageTransform(image, rotation, scale), (x ?? 0) * f, (y ?? 0) * f));
      const at = screenBox(box, image, rotation, scale);
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      expect(Math.min(...xs)).toBeCloseTo(at.x);
      expect(Math.min(...ys)).toBeCloseTo(at.y);
      expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(at.w);
      expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(at.h);
    }
  });

  it("scales boxes with the zoom", () => {
    expect(screenBox(box, image, 0, 200)).toEqual({ x: 20, y: 40, w: 60, h: 80 });
    expect(screenBox(box, image, 90, 50)).toEqual({ x: 270, y: 5, w: 20, h: 15 });
  });
});

/** Applies "translate(a px, b px) rotate(n deg)" (or "none") to a point, as CSS does. */
function applyTransform(transform: string, x: number, y: number): [number, number] {
  if (transform === "none") return [x, y];
  const m = /translate\(([-\d.]+)px, ([-\d.]+)px\) rotate\((\d+)deg\)/.exec(transform);
  if (!m) throw new Error(`unexpected transform ${transform}`);
  const angle = (Number(m[3]) * Math.PI) / 180;
  const rx = x * Math.cos(angle) - y * Math.sin(angle);
  const ry = x * Math.sin(angle) + y * Math.cos(angle);
  return [rx + Number(m[1]), ry + Number(m[2])];
}

describe("book pages", () => {
  it("lists a book of sided pages from its first and last page and the pages it lacks", () => {
    const book = { uid: "TS_8", from: "TS_8_748c", to: "TS_8_750b", page_count: 5, excluded: ["TS_8_749b"] };
    expect(enumerateBook(book)).toEqual(["TS_8_748c", "TS_8_749a", "TS_8_749c", "TS_8_750a", "TS_8_750b"]);
    const js = { uid: "JS_1", from: "JS_1_793a", to: "JS_1_807b", page_count: 44, excluded: [] };
    const pages = enumerateBook(js);
    expect(pages).toHaveLength(44);
    expect(pages?.slice(0, 4)).toEqual(["JS_1_793a", "JS_1_793b", "JS_1_793c", "JS_1_794a"]);
    expect(pages?.at(-1)).toBe("JS_1_807b");
  });

  it("lists a book of unsided pages", () => {
    const book = { uid: "YB_22", from: "YB_22_1", to: "YB_22_5", page_count: 4, excluded: ["YB_22_3"] };
    expect(enumerateBook(book)).toEqual(["YB_22_1", "YB_22_2", "YB_22_4", "YB_22_5"]);
  });

  it("cannot list a book of deeper page numbers, nor one whose count disagrees", () => {
    expect(
      enumerateBook({ uid: "JX_165", from: "JX_165_7_4", to: "JX_165_7_87", page_count: 8, excluded: [] }),
    ).toBeNull();
    expect(
      enumerateBook({ uid: "YB_22", from: "YB_22_1", to: "YB_22_5", page_count: 9, excluded: [] }),
    ).toBeNull();
  });

  it("moves through the catalogue's pages, else the scanned ones, else the page alone", () => {
    const book = { uid: "YB_22", from: "YB_22_1", to: "YB_22_3", page_count: 3, excluded: [] };
    expect(bookPageList(book, [], "YB_22_2")).toEqual(["YB_22_1", "YB_22_2", "YB_22_3"]);
    const deep = { uid: "JX_165", from: "JX_165_7_4", to: "JX_165_7_12", page_count: 2, excluded: [] };
    expect(bookPageList(deep, ["JX_165_7_4", "JX_165_7_12"], "JX_165_7_12")).toEqual([
      "JX_165_7_4",
      "JX_165_7_12",
    ]);
    expect(bookPageList(undefined, [], "GL_8_5_10")).toEqual(["GL_8_5_10"]);
  });

  it("opens the book tab on the page of 100 books that holds the current book", () => {
    const books = Array.from({ length: 250 }, (_, i) => `QL_${i + 1}`);
    expect(bookTabPage(books, "QL_1")).toBe(0);
    expect(bookTabPage(books, "QL_100")).toBe(0);
    expect(bookTabPage(books, "QL_101")).toBe(1);
    expect(bookTabPage(books, "QL_250")).toBe(2);
    expect(bookTabPage(books, "XX_1")).toBe(0);
  });
});

describe("page settings and page turning", () => {
  it("keeps the scale and the panes shown, and falls back on bad values", () => {
    const storage = memoryStorage();
    expect(loadPageSettings(storage)).toEqual(DEFAULT_PAGE_SETTINGS);
    savePageSettings(storage, { scale: 150, textShown: false, thumbsShown: true });
    expect(loadPageSettings(storage)).toEqual({ scale: 150, textShown: false, thumbsShown: true });
    storage.map.set(PAGE_SETTINGS_KEY, JSON.stringify({ scale: 900, textShown: "no" }));
    expect(loadPageSettings(storage)).toEqual(DEFAULT_PAGE_SETTINGS);
    storage.map.set(PAGE_SETTINGS_KEY, "{not json");
    expect(loadPageSettings(storage)).toEqual(DEFAULT_PAGE_SETTINGS);
  });

  it("starts with the thumbnails hidden in a window too narrow for every pane, unless the reader chose", () => {
    const storage = memoryStorage();
    expect(loadPageSettings(storage, 1440)).toEqual(DEFAULT_PAGE_SETTINGS);
    expect(loadPageSettings(storage, 810)).toEqual({ ...DEFAULT_PAGE_SETTINGS, thumbsShown: false });
    storage.map.set(PAGE_SETTINGS_KEY, JSON.stringify({ scale: 120 }));
    expect(loadPageSettings(storage, 810)).toEqual({ scale: 120, textShown: true, thumbsShown: false });
    savePageSettings(storage, { scale: 120, textShown: true, thumbsShown: true });
    expect(loadPageSettings(storage, 810).thumbsShown).toBe(true);
  });

  it("turns a page at most once a second", () => {
    let now = 10_000;
    const gate = createThrottle(1000, () => now);
    expect(gate()).toBe(true);
    now += 999;
    expect(gate()).toBe(false);
    now += 1;
    expect(gate()).toBe(true);
  });

  it("keeps a loaded list for the session and asks again when what is kept no longer reads", async () => {
    const storage = memoryStorage();
    const schema = (value: unknown): value is string[] =>
      Array.isArray(value) && value.every((item) => typeof item === "string");
    let calls = 0;
    const load = async () => {
      calls += 1;
      return ["YB_22_346", "YB_22_389"];
    };
    expect(await sessionCached(storage, "img-names.YB_22", schema, load)).toEqual(["YB_22_346", "YB_22_389"]);
    expect(await sessionCached(storage, "img-names.YB_22", schema, load)).toEqual(["YB_22_346", "YB_22_389"]);
    expect(calls).toBe(1);
    for (const key of storage.map.keys()) storage.map.set(key, JSON.stringify({ not: "a list" }));
    await sessionCached(storage, "img-names.YB_22", schema, load);
    expect(calls).toBe(2);
  });
});
