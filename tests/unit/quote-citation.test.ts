import { describe, expect, it } from "vitest";
import type { CatalogNode, Reel } from "../../contract/canon.ts";
import { parseCitation } from "../../contract/citations.ts";
import {
  cbetaReference,
  DEFAULT_QUOTE_SETTINGS,
  formatCitation,
  pageRange,
  type QuoteSettings,
  type QuoteSource,
  SUTRA_BEFORE,
  sutraNumber,
  volumeOf,
} from "../../src/features/reader-reel/selection/citation.ts";
import { headlineAt } from "../../src/features/reader-reel/selection/headline.ts";
import {
  loadQuoteSettings,
  normaliseQuoteSettings,
  QUOTE_SETTINGS_KEY,
  saveQuoteSettings,
} from "../../src/features/reader-reel/selection/quoteSettings.ts";
import { quoteText } from "../../src/features/reader-reel/selection/quoteText.ts";
import { memoryStorage } from "../support/memory-storage.ts";

const line = (cid: string, text: string, para_offsets: number[] = []) => ({ cid, text, para_offsets });

const reel: Reel = {
  sutra_uid: "JSB470",
  reel_uid: "JSB470_1",
  reel_no: 1,
  name: "第1卷",
  sutra_name: "天一悅禪師語錄",
  dynasty_author: "清 大悅說",
  txt_type: "std_txt",
  pages: [
    {
      uid: "JS_39_931a",
      ouid: "J39nB470_p0931a",
      cids: [],
      images: [],
      lines: [
        line("JS_39_931a.1", "天一悅禪師語錄"),
        line("JS_39_931a.2", "侍者學愚錄"),
        line("JS_39_931a.3", "師於戊辰孟春月受鎮臺龍檀越並木境衆信請繼", [0]),
        line("JS_39_931a.4", "席松巋普光禪寺。"),
        line("JS_39_931a.5", "據室云德山入門便棒臨濟入門便喝二大老雖是", [0]),
      ],
    },
    {
      uid: "JS_39_931b",
      ouid: "J39nB470_p0931b",
      cids: [],
      images: [],
      lines: [line("JS_39_931b.1", "塗污大地衆生不少，松巋恁麼批判。", [9])],
    },
  ],
  format: { chars: 0, columns: 0 },
  allText: "",
  prev_reel_uid: null,
  next_reel_uid: null,
  source: { title: "嘉興大藏經", availability: "CBETA", file: "J39nB470.xml" },
};

const source: QuoteSource = {
  dynastyAuthor: "清 大悅說",
  sutraName: "天一悅禪師語錄",
  reelName: "第1卷",
  headline: "上堂",
  productCode: "藏經閱讀",
  textType: "繁體文本",
  tripitakaName: "嘉興藏",
  volume: 39,
  number: "B470",
  sutraUid: "JSB470",
  pages: "931a3-4",
  script: "trad",
};

describe("the quote-copy citation", () => {
  it("puts the sutra after the quoted text by default", () => {
    expect(formatCitation("席松巋普光禪寺。", source, DEFAULT_QUOTE_SETTINGS)).toBe(
      "「席松巋普光禪寺。」（清 大悅說《天一悅禪師語錄》第1卷〈上堂〉；藏經閱讀·繁體文本，嘉興藏 第39冊，No. B470，p. 931a3-4）",
    );
  });

  it("puts the author, sutra, reel and headline before the text when asked", () => {
    expect(formatCitation("文", source, { ...DEFAULT_QUOTE_SETTINGS, sutraPostion: SUTRA_BEFORE })).toBe(
      "清 大悅說《天一悅禪師語錄》第1卷〈上堂〉：「文」（藏經閱讀·繁體文本，嘉興藏 第39冊，No. B470，p. 931a3-4）",
    );
  });

  it("leaves out the headline when it is switched off or unknown", () => {
    const off = formatCitation("文", source, { ...DEFAULT_QUOTE_SETTINGS, showTitle: false });
    const unknown = formatCitation("文", { ...source, headline: null }, DEFAULT_QUOTE_SETTINGS);
    expect(off).not.toContain("〈");
    expect(unknown).toBe(off);
  });

  it("words the volume in the script of the text and drops what the page uid lacks", () => {
    const sim = formatCitation("文", { ...source, script: "sim", volume: 3 }, DEFAULT_QUOTE_SETTINGS);
    expect(sim).toContain("嘉興藏 第3册，");
    const bare = formatCitation("文", { ...source, volume: null, pages: "" }, DEFAULT_QUOTE_SETTINGS);
    expect(bare).toContain("嘉興藏，No. B470）");
  });

  it.each([
    ["JS_39_931a.3", "JS_39_931a.3", "931a3"],
    ["JS_39_931a.3", "JS_39_931a.5", "931a3-5"],
    ["JS_39_931a.3", "JS_39_931b.2", "931a3-b2"],
    ["JS_39_931c.29", "JS_39_932a.1", "931c29-932a1"],
    ["JS_39_931a.3.4", "JS_39_931a.3.9", "931a3"],
    ["GL_79_4_7.2", "GL_79_4_7.6", "7.2-6"],
  ])("writes the lines %s to %s as p. %s", (first, last, expected) => {
    expect(pageRange(first, last)).toBe(expected);
  });

  it("gives CBETA's reference when asked, which reads back to the same lines", () => {
    const cbeta = { ...DEFAULT_QUOTE_SETTINGS, citeStyle: "cbeta" as const };
    expect(formatCitation("文", source, cbeta)).toBe(
      "「文」（清 大悅說《天一悅禪師語錄》第1卷〈上堂〉；CBETA, J39, no. B470, p. 931a3-4）",
    );
    const taisho = { ...source, sutraUid: "TS0251", number: "0251", volume: 8, pages: "848c7-849a2" };
    const reference = cbetaReference(taisho);
    expect(reference).toBe("CBETA, T08, no. 251, p. 848c7-849a2");
    expect(parseCitation(reference ?? "")).toMatchObject({
      ok: true,
      citation: { pageUid: "TS_8_848c", line: 7, end: { pageUid: "TS_8_849a", line: 2 } },
    });
    // A scan's pages have no register: CBETA has no reference for them, so the site's is kept.
    const scan = { ...source, sutraUid: "GL0079", number: "0079", volume: 79, pages: "7.2-6" };
    expect(cbetaReference(scan)).toBeNull();
    expect(formatCitation("文", scan, cbeta)).toContain("No. 0079，p. 7.2-6）");
  });

  it("takes the volume and the sutra's number from the uids", () => {
    expect(volumeOf("JS_39_931a.3")).toBe(39);
    expect(volumeOf("GL_79_4_7.2")).toBe(79);
    expect(sutraNumber("JSB470")).toBe("B470");
    expect(sutraNumber("TS0251")).toBe("0251");
  });
});

describe("the quoted text", () => {
  const slices = [
    { cid: "JS_39_931a.4", from: 2, to: 8 },
    { cid: "JS_39_931a.5", from: 0, to: 4 },
  ];

  it("comes from the reel's lines, with a new line where a paragraph starts", () => {
    expect(quoteText(reel, slices, { paragraphs: true, punctuation: true })).toBe("巋普光禪寺。\n據室云德");
    expect(quoteText(reel, slices, { paragraphs: false, punctuation: true })).toBe("巋普光禪寺。據室云德");
  });

  it("drops punctuation when asked, and breaks within a line at its paragraph start", () => {
    const within = [{ cid: "JS_39_931b.1", from: 0, to: 16 }];
    expect(quoteText(reel, within, { paragraphs: true, punctuation: true })).toBe(
      "塗污大地衆生不少，\n松巋恁麼批判。",
    );
    expect(quoteText(reel, within, { paragraphs: true, punctuation: false })).toBe(
      "塗污大地衆生不少\n松巋恁麼批判",
    );
  });

  it("never starts with a paragraph break", () => {
    const fromStart = [{ cid: "JS_39_931a.3", from: 0, to: 3 }];
    expect(quoteText(reel, fromStart, { paragraphs: true, punctuation: true })).toBe("師於戊");
  });
});

describe("the headline of a selection", () => {
  const node = (line_uid: string, std_txt: string, children: CatalogNode[] = []): CatalogNode => ({
    key: `JSB470_1:${line_uid}`,
    reel_uid: "JSB470_1",
    line_uid,
    type: "其他",
    std_txt,
    sim_txt: `${std_txt}(简)`,
    children,
  });
  const tree = [node("JS_39_931a.3", "上堂", [node("JS_39_931a.3", "開堂"), node("JS_39_931b.1", "小參")])];

  it("is the nearest contents node at or before the selection's first line", () => {
    expect(headlineAt(tree, reel, "JS_39_931a.4", "trad")).toBe("開堂");
    expect(headlineAt(tree, reel, "JS_39_931b.1", "trad")).toBe("小參");
    expect(headlineAt(tree, reel, "JS_39_931b.1", "sim")).toBe("小參(简)");
    expect(headlineAt(tree, reel, "JS_39_931a.1", "trad")).toBeNull();
  });
});

describe("the persisted quoteCopy settings", () => {
  it("default to sutra after, headline, punctuation and paragraphs shown", () => {
    expect(normaliseQuoteSettings(undefined)).toEqual({
      sutraPostion: 0,
      showTitle: true,
      showSymbol: true,
      showParagraph: true,
      citeStyle: "site",
      showNotes: false,
    });
    expect(
      normaliseQuoteSettings({ sutraPostion: 7, showTitle: "no", showSymbol: false, citeStyle: "apa" }),
    ).toEqual({
      sutraPostion: 0,
      showTitle: true,
      showSymbol: false,
      showParagraph: true,
      citeStyle: "site",
      showNotes: false,
    });
  });

  it("round-trip through storage and survive unreadable values", () => {
    const storage = memoryStorage();
    const settings: QuoteSettings = {
      sutraPostion: SUTRA_BEFORE,
      showTitle: false,
      showSymbol: true,
      showParagraph: false,
      citeStyle: "cbeta",
      showNotes: true,
    };
    saveQuoteSettings(storage, settings);
    expect(loadQuoteSettings(storage)).toEqual(settings);
    storage.map.set(QUOTE_SETTINGS_KEY, "{not json");
    expect(loadQuoteSettings(storage)).toEqual(DEFAULT_QUOTE_SETTINGS);
  });
});
