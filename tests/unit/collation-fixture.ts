/** A reel and an apparatus for the collation tests: the Diamond Sūtra's place 0748028 and its neighbours. */
import type { Apparatus } from "../../contract/apparatus.ts";
import type { ApparatusEntry, WitnessEntry } from "../../contract/apparatus-witnesses.ts";
import type { Reel } from "../../contract/canon.ts";

type TestLine = { cid: string; text: string; para_offsets?: number[] };

export function testReel(lines: readonly TestLine[]): Reel {
  return {
    sutra_uid: "TS0235",
    reel_uid: "TS0235_1",
    reel_no: 1,
    name: "第1卷",
    sutra_name: "金剛般若波羅蜜經",
    dynasty_author: "姚秦 鳩摩羅什譯",
    txt_type: "std_txt",
    pages: [
      {
        uid: "TS_8_748c",
        ouid: "TS_8_748c",
        cids: lines.map((line) => line.cid),
        images: [],
        lines: lines.map((line) => ({ para_offsets: [], ...line })),
      },
    ],
    format: { chars: 0, columns: lines.length },
    allText: lines.map((line) => line.text).join(""),
    prev_reel_uid: null,
    next_reel_uid: null,
    source: { title: "CBETA", availability: "", file: "T08n0235.xml" },
  };
}

export const diamondLines = [
  { cid: "TS_8_748c.27", text: "發阿耨多羅三藐三菩提心，", para_offsets: [0] },
  { cid: "TS_8_748c.28", text: "多羅三藐三菩提心，應云何住？云何降伏其心？", para_offsets: [] },
];

export const diamondEntry: ApparatusEntry = {
  id: 1,
  n: "0748028",
  star: false,
  line: "TS_8_748c.28",
  offset: 9,
  end_line: "TS_8_748c.28",
  end_offset: 12,
  lemma: { witnesses: ["大"], text: "應云何" },
  readings: [{ witnesses: ["明"], text: "云何應", resp: "Taisho" }],
  notes: [
    { kind: "orig", resp: "Taisho", text: "應云何＝云何應【明】" },
    { kind: "mod", resp: "CBETA", text: "應云何【大】，云何應【明】" },
  ],
  refs: [],
};

export const pointEntry: ApparatusEntry = {
  id: 0,
  n: "0748027",
  star: false,
  line: "TS_8_748c.27",
  offset: 0,
  end_line: "TS_8_748c.27",
  end_offset: 0,
  lemma: { witnesses: [], text: "" },
  readings: [],
  notes: [{ kind: "add", resp: "CBETA", text: "經文分段依大正藏。" }],
  refs: [],
};

export const diamondApparatus: Apparatus = {
  reel_uid: "TS0235_1",
  txt_type: "std_txt",
  witnesses: ["大", "明"],
  entries: [pointEntry, diamondEntry],
};

/** Three lines of the Diamond Sutra, one with a char outside the BMP, for placing witness entries. */
export const witnessLines = [
  { cid: "P.1", text: "多羅三藐三菩提心，應云何住？" },
  { cid: "P.2", text: "云何降伏其心？𠀋佛告須菩提" },
  { cid: "P.3", text: "善哉善哉。須菩提！" },
];

/** An entry from `[line, offset]` to `[endLine, endOffset]`: 大's lemma and each reading's witnesses. */
export function witnessEntry(
  id: number,
  [line, offset]: [string, number],
  [endLine, endOffset]: [string, number],
  lemma: string,
  readings: [string[], string][],
): WitnessEntry {
  return {
    id,
    line,
    offset,
    end_line: endLine,
    end_offset: endOffset,
    lemma: { witnesses: ["大"], text: lemma },
    readings: readings.map(([witnesses, text]) => ({ witnesses, text })),
  };
}
