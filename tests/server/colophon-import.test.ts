/**
 * Colophons read at import, on SQLite and on PostgreSQL: the starter canon's Jiaxing texts as the
 * test set-up imported them (their colophons with the fields and pages the text gives, and none of
 * their postscripts), and a work imported again, whose colophons are replaced, not added to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonDatabase, type TestDatabase, testDialects } from "../support/databases.ts";
import { importWork, starterXml } from "./colophon-setup.ts";

describe.each(testDialects())("colophons imported on %s", (dialect) => {
  let database: TestDatabase;
  const rowsOf = (sutraUid: string) =>
    database.canon.db
      .selectFrom("pub_note")
      .selectAll()
      .where("sutra_uid", "=", sutraUid)
      .orderBy("sn")
      .execute();

  beforeAll(async () => {
    database = await canonDatabase(dialect);
  });
  afterAll(() => database.dispose());

  it("stores the colophon of 天一悅禪師語錄 (J39nB470) with what it says and where it is printed", async () => {
    const [row, ...others] = await rowsOf("JSB470");
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      tripitaka_uid: "JS",
      reel_uid: "JSB470_1",
      reel_name: "天一悅禪師語錄 第1卷",
      first_page_uid: "JS_39_934b",
      last_page_uid: "JS_39_934b",
      page_uids: "JS_39_934b",
      first_line_id: "JS_39_934b.1",
      last_line_id: "JS_39_934b.16",
      pub_era: "康熙丁亥",
      pub_year: 1707,
      pub_address: "嘉興楞嚴寺般若堂",
      fundraiser: "法嗣聖靜",
      editor: "天龍法弟如純",
      writer: "海鹽陳 蕭",
      engraver: "楞嚴 夏維寧 倪爾繩",
      remark: "眾善芳名",
      donate_amount: null,
      thousand_char: null,
    });
    expect(row?.donor).toMatch(/^信官龍元吉法名聖學同緣安氏蔭襲心寧 信士周德奇 .* 薛國棟 沈明德$/u);
    // The note as printed: the inline note's lines, without the reading text's brackets.
    expect(row?.pub_note.split("\n")).toHaveLength(16);
    expect(row?.pub_note.startsWith("　捐貲眾善芳名\n信官龍元吉")).toBe(true);
    expect(row?.pub_note.endsWith("康熙丁亥季夏　穀旦嘉興楞嚴寺般若堂藏板")).toBe(true);
    // Folded copies for matching simplified input.
    expect(row?.pub_address_fold).toBe("嘉兴楞严寺般若堂");
  });

  it("stores each donors' list and the printing house of 芝巖秀禪師語錄 (J28nB213) under its reel", async () => {
    const rows = await rowsOf("JSB213");
    expect(rows.map((row) => [row.reel_uid, row.first_line_id, row.last_line_id])).toEqual([
      ["JSB213_1", "JS_28_514b.26", "JS_28_514b.29"],
      ["JSB213_2", "JS_28_518a.20", "JS_28_518a.20"],
      ["JSB213_2", "JS_28_518b.1", "JS_28_518b.10"],
    ]);
    expect(rows[0]).toMatchObject({ remark: "語錄卷上", pub_year: null });
    expect(rows[0]?.donor).toMatch(/^王元海同緣明福欒彩/u);
    expect(rows[1]).toMatchObject({ pub_address: "嘉興楞嚴寺", remark: "芝巖秀禪師語錄卷下終" });
    expect(rows[2]).toMatchObject({
      donate_wish: "伏祈各戶家家清泰人眷平安二六時中吉祥如意者",
      remark: "語錄卷上 卷下",
    });
    expect(rows[2]?.donor).toMatch(/ 伍之鳳同緣明福長男元道同緣實善 .* 壬明高$/u);
  });

  it("takes the gift line after the 後記 of 大慧普覺禪師年譜 (J01nA042), not the postscript", async () => {
    expect(await rowsOf("JSA042")).toEqual([
      expect.objectContaining({
        pub_note: "嘉興包檉芳施銀拾兩刻年譜壹卷",
        donor: "嘉興包檉芳",
        donate_amount: "銀拾兩",
        donate_amount_li: 10_000,
        remark: "年譜壹卷",
        page_uids: "JS_1_807b",
      }),
    ]);
  });

  it("stores no postscript, biography or preface, though they name years and printing", async () => {
    // 寒山子詩集 (J20nB103) ends with a note signed 萬曆己亥冬釋普文題于幻寄齋: a postscript.
    expect(await rowsOf("JSB103")).toEqual([]);
    const prose = await database.canon.db
      .selectFrom("pub_note")
      .select("pub_note")
      .where((eb) =>
        eb.or([
          eb("pub_note", "like", "%大慧先師示現%"),
          eb("pub_note", "like", "%萬曆己亥冬釋普文%"),
          eb("pub_note", "like", "%。%。%"),
        ]),
      )
      .execute();
    expect(prose).toEqual([]);
    // Of the other canons' starter texts, only 準提心要 (X59n1078) names a printing house.
    const others = await database.canon.db
      .selectFrom("pub_note")
      .select(["tripitaka_uid", "pub_note", "pub_address"])
      .where("tripitaka_uid", "!=", "JS")
      .execute();
    expect(others).toEqual([
      { tripitaka_uid: "WX", pub_note: "福省南臺後洲準提堂藏板", pub_address: "福省南臺後洲準提堂" },
    ]);
  });

  it("replaces a work's colophons when the work is imported again", async () => {
    const before = await rowsOf("JSB470");
    await importWork(database.canon, "J39nB470", starterXml("J39/J39nB470"), 1_790_000_000_000);
    const after = await rowsOf("JSB470");
    expect(after).toHaveLength(1);
    expect(after[0]?.id).not.toBe(before[0]?.id);
    const { id: _before, ...was } = before[0] ?? {};
    const { id: _after, ...is } = after[0] ?? {};
    expect(is).toEqual(was);
  });
});
