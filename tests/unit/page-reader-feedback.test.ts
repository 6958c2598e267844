import { describe, expect, it } from "vitest";
import type { Page } from "../../contract/canon.ts";
import { markedChars, nextMarks } from "../../src/features/reader-page/marks.ts";
import { blockOf, type PagePiece, pageFeedbackTarget } from "../../src/features/reader-page/pageFeedback.ts";

const uid = "YB_22_389";
const char = (line: number, n: number, y: number, std: string): Page["chars"][number] => ({
  char_id: `${uid}.${line}.${n}`,
  cid: `${uid}.${line}`,
  box_char_id: `b1c${line}c${n}`,
  x: 100 + line * 20,
  y,
  w: 18,
  h: 18,
  cc: null,
  ori_txt: std,
  uni_txt: std,
  std_txt: std,
  sim_txt: std === "頏" ? "颃" : std,
});

function pageOf(patch: Partial<Page> = {}): Page {
  return {
    uid,
    ouid: uid,
    book_uid: "YB_22",
    columns: [
      {
        cid: `${uid}.1`,
        column_id: "b1c1",
        text: { ori_txt: "天地玄黃", uni_txt: "天地玄黃", std_txt: "天地玄黃", sim_txt: "天地玄黄" },
        box: { x: 120, y: 60, w: 18, h: 200 },
      },
      {
        cid: `${uid}.2`,
        column_id: "b2c1",
        text: { ori_txt: "溥首頏", uni_txt: "溥首頏", std_txt: "溥首頏", sim_txt: "溥首颃" },
        box: { x: 140, y: 320, w: 18, h: 200 },
      },
    ],
    chars: [
      char(1, 1, 60, "天"),
      char(1, 2, 80, "地"),
      char(1, 3, 100, "玄"),
      char(2, 1, 320, "溥"),
      char(2, 2, 340, "首"),
      char(2, 3, 360, "頏"),
    ],
    blocks: [
      { block_id: "b1", x: 90, y: 50, w: 220, h: 240 },
      { block_id: "b2", x: 100, y: 310, w: 200, h: 230 },
    ],
    format: { chars: 6, columns: 2 },
    image: { width: 443, height: 600 },
    img_name: uid,
    img_url: null,
    thumb_url: null,
    sutra_uids: [],
    reel_uids: [],
    prev_page_uid: null,
    next_page_uid: null,
    allowed: true,
    ...patch,
  };
}

const chars = (...ids: string[]): PagePiece[] => ids.map((id) => ({ kind: "char", charId: `${uid}.${id}` }));

describe("marking chars in the text pane", () => {
  it("marks one char on a click, extends with Shift and unmarks a lone char clicked again", () => {
    const one = nextMarks(null, "a", false);
    expect(one).toEqual({ anchor: "a", focus: "a" });
    expect(nextMarks(one, "c", true)).toEqual({ anchor: "a", focus: "c" });
    expect(nextMarks({ anchor: "a", focus: "c" }, "b", false)).toEqual({ anchor: "b", focus: "b" });
    expect(nextMarks(one, "a", false)).toBeNull();
    expect(nextMarks(null, "b", true)).toEqual({ anchor: "b", focus: "b" });
  });

  it("lists the marked chars in page order whichever way they were marked", () => {
    const page = pageOf();
    const ids = (...n: string[]) => n.map((id) => `${uid}.${id}`);
    expect(markedChars(page.chars, { anchor: `${uid}.2.2`, focus: `${uid}.1.3` })).toEqual(
      ids("1.3", "2.1", "2.2"),
    );
    expect(markedChars(page.chars, { anchor: `${uid}.1.1`, focus: `${uid}.9.9` })).toEqual([]);
    expect(markedChars(page.chars, null)).toEqual([]);
  });
});

describe("page feedback", () => {
  it("names the block holding a box, the only block of a page, or none", () => {
    const page = pageOf();
    expect(blockOf(page, { x: 150, y: 400, w: 18, h: 18 })).toBe("b2");
    expect(blockOf(page, { x: 150, y: 100, w: 18, h: 18 })).toBe("b1");
    expect(blockOf(page, { x: 0, y: 0, w: 5, h: 5 })).toBeNull();
    expect(blockOf(page, null)).toBeNull();
    expect(blockOf({ blocks: [{ block_id: "b1", x: 0, y: 0, w: 1, h: 1 }] }, null)).toBe("b1");
    expect(blockOf({ blocks: [] }, { x: 0, y: 0, w: 5, h: 5 })).toBeNull();
  });

  it("sends the chars as cids and text, with the page and the block the selection starts in", () => {
    expect(pageFeedbackTarget(pageOf(), "sim_txt", chars("2.2", "2.3"))).toEqual({
      source: "by_page",
      sutra_uid: "",
      page_id: uid,
      block_id: "b2",
      cids: [`${uid}.2.2`, `${uid}.2.3`],
      origin_text: "首颃",
    });
    const target = pageFeedbackTarget(pageOf(), "std_txt", chars("1.3", "2.1"));
    expect(target.block_id).toBe("b1");
    expect(target.origin_text).toBe("玄溥");
  });

  it("sends text selected in plain columns as their line ids, with the page's sutra", () => {
    const page = pageOf({ chars: [], blocks: [], sutra_uids: ["JSB470", "JSB471"] });
    const pieces: PagePiece[] = [
      { kind: "text", cid: `${uid}.1`, text: "玄黃" },
      { kind: "text", cid: `${uid}.2`, text: "溥" },
    ];
    expect(pageFeedbackTarget(page, "std_txt", pieces)).toEqual({
      source: "by_page",
      sutra_uid: "JSB470",
      page_id: uid,
      block_id: null,
      cids: [`${uid}.1`, `${uid}.2`],
      origin_text: "玄黃溥",
    });
  });

  it("sends feedback on the whole page when nothing is picked", () => {
    expect(pageFeedbackTarget(pageOf(), "std_txt", [])).toMatchObject({
      cids: [],
      origin_text: "",
      block_id: null,
    });
  });

  it("keeps the original text within 500 characters", () => {
    const long = "經".repeat(300);
    const page = pageOf({ chars: [], blocks: [] });
    const target = pageFeedbackTarget(page, "std_txt", [
      { kind: "text", cid: `${uid}.1`, text: long },
      { kind: "text", cid: `${uid}.2`, text: `${long}𠀀` },
      { kind: "text", cid: `${uid}.3`, text: "後" },
    ]);
    expect(Array.from(target.origin_text ?? "")).toHaveLength(500);
    expect(target.cids).toEqual([`${uid}.1`, `${uid}.2`]);
  });
});
