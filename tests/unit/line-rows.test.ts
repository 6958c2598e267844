import { describe, expect, it } from "vitest";
import type { LineTable } from "../../server/db/schema.ts";
import {
  lineColumns,
  lineRows,
  pageOfLine,
  reelOfLine,
  transferablesOf,
} from "../../server/import/line-rows.ts";

const line = (page_uid: string, line_no: number, more: Partial<LineTable> = {}): LineTable => ({
  page_uid,
  line_no,
  reel_uid: "JA042_001",
  reel_seq: line_no,
  ori_txt: "如是我聞",
  uni_txt: "如是我聞",
  std_txt: "如是我聞",
  sim_txt: "如是我闻",
  para_offsets: null,
  ...more,
});

const lines: LineTable[] = [
  line("J01_0001a", 1, {
    reel_uid: null,
    reel_seq: null,
    ori_txt: "",
    uni_txt: "",
    std_txt: "",
    sim_txt: "",
  }),
  line("J01_0001a", 2, {
    ori_txt: "𤦲佛說",
    uni_txt: "𤦲佛說",
    std_txt: "佛佛說",
    sim_txt: "佛佛说",
    para_offsets: "0",
  }),
  line("J01_0001b", 1, { para_offsets: "" }),
  line("J01_0001a", 3, { reel_uid: "JA042_002", reel_seq: 0, para_offsets: "0,3" }),
];

describe("a sutra's lines by column", () => {
  it("give back the same rows, nulls, empty texts and chars beyond the BMP as they were", () => {
    const columns = lineColumns(lines);
    expect(columns.count).toBe(4);
    expect(lineRows(columns)).toEqual(lines);
    expect(columns.pageUids).toEqual(["J01_0001a", "J01_0001b"]);
    expect([0, 1, 2, 3].map((i) => [pageOfLine(columns, i), reelOfLine(columns, i)])).toEqual(
      lines.map((l) => [l.page_uid, l.reel_uid]),
    );
  });

  it("move their typed arrays to another thread and keep the texts", () => {
    const columns = lineColumns(lines);
    const moved = structuredClone(columns, { transfer: transferablesOf(columns) });
    expect(columns.page.length).toBe(0);
    expect(lineRows(moved)).toEqual(lines);
  });

  it("hold no lines at all", () => {
    expect(lineRows(lineColumns([]))).toEqual([]);
  });
});
