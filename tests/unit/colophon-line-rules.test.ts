/**
 * Colophon rules added for the importer, each on real lines of the Jiaxing canon (CBETA P5a; the
 * line ids in comments): names over line breaks, sums, gifts, prayers, donor lists and case marks.
 */
import { describe, expect, it } from "vitest";
import { colophonFields, thousandCharOf } from "../../server/import/colophons/colophon-fields.ts";

const fields = (lines: string[]) => {
  const found = colophonFields(lines);
  if (!found) throw new Error(`not a colophon: ${lines.join(" / ")}`);
  const { pubNote: _, ...rest } = found;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null));
};

describe("colophon fields, further rules", () => {
  it("let a marker opening a line close the names ending the line before", () => {
    // J20nB090 0322c28–31 (長洲徐普 / 書)
    expect(
      fields([
        "　左春與左贊善兼編修崑山顧紹另施貲刻此",
        "　績原敘論下卷　吳江比丘明覺對　長洲徐普",
        "　書　建陽鄒夕刻",
        "　萬曆辛卯春清涼山玅德庵識",
      ]),
    ).toMatchObject({
      writer: "長洲徐普",
      editor: "吳江比丘明覺",
      engraver: "建陽鄒夕",
      remark: "績原敘論下卷",
      pubYear: 1591,
    });
  });

  it("read a sum of silver broken over two lines", () => {
    // J20nB091 0336b24–28 (道餘錄)
    expect(
      fields([
        "翰林院編修海虞居士錢謙益捐資刻此",
        "道餘錄　計字一萬二千二百四十該銀六兩",
        "三錢六分五厘",
        "江陰釋在琳對長洲徐普書句容潘樞德刻",
        "萬曆己未歲春三月徑山化城寺識",
      ]),
    ).toEqual({
      donor: "翰林院編修海虞居士錢謙益",
      charCount: 12_240,
      donateAmount: "銀六兩三錢六分五厘",
      donateAmountLi: 6_365,
      editor: "江陰釋在琳",
      writer: "長洲徐普",
      engraver: "句容潘樞德",
      pubEra: "萬曆己未",
      pubYear: 1619,
      pubAddress: "徑山化城寺",
      remark: "道餘錄",
    });
  });

  it("take a gift of silver as the amount and its giver as a donor, and several gifts as their sum", () => {
    // J01nA042 0807b21 (after the 後記), J32nB271 0166c12–16
    expect(fields(["嘉興包檉芳施銀拾兩刻年譜壹卷"])).toEqual({
      donor: "嘉興包檉芳",
      donateAmount: "銀拾兩",
      donateAmountLi: 10_000,
      remark: "年譜壹卷",
    });
    expect(
      fields([
        "　　　　　　　信士魏邦鼐助銀一兩",
        "　　　　　　　　　魏邦泰助銀五錢",
        "　　　　　　　胡門曹氏助銀五錢",
        "　　　　　　　比丘明一助銀一兩",
        "　　　　　　　　　子進助銀五錢",
      ]),
    ).toEqual({
      donor: "信士魏邦鼐 魏邦泰 胡門曹氏 比丘明一 子進",
      donateAmount: "銀一兩 銀五錢 銀五錢 銀一兩 銀五錢",
      donateAmountLi: 3_500,
    });
  });

  it("end a prayer at a line ending in 者, and take no examination year as the date", () => {
    // J20nB097 0482a25–30
    const found = fields([
      "　澤外居士高承埏助寫天樂鳴空集一部奉薦",
      "顯考萬曆己未進士奉政大夫修正庶尹玄期府君",
      "　早生安養者",
      "　櫟友居士沈純祉　　曾城居士汪　挺",
      "　槐眉居士陸卿胤　　若谷居士吳太沖等助刻",
    ]);
    expect(found).toMatchObject({
      donateWish: "奉薦顯考萬曆己未進士奉政大夫修正庶尹玄期府君早生安養者",
      donor: "澤外居士高承埏 櫟友居士沈純祉 曾城居士汪 挺 槐眉居士陸卿胤 若谷居士吳太沖",
      remark: "天樂鳴空集一部",
    });
    expect(found).not.toHaveProperty("pubYear");
  });

  it("read 共刻此 under a 助刻姓氏 heading, and 自恣 as a day", () => {
    // J20nB098 0521a28–b01 and 0527a30–b01
    expect(
      fields([
        "助刻姓氏　王大穀一兩　唐守靜一兩二錢",
        "鈕天璧　顧淨光　卜應麟各三錢　共刻此",
        "無念和尚醒昏錄一卷　九章朱袞對稿",
        "天啟乙丑　僧自恣日姑蘇兜率園　識",
      ]),
    ).toEqual({
      donor: "王大穀一兩 唐守靜一兩二錢 鈕天璧 顧淨光 卜應麟各三錢",
      editor: "九章朱袞",
      pubEra: "天啟乙丑",
      pubYear: 1625,
      pubAddress: "姑蘇兜率園",
      remark: "姓氏 無念和尚醒昏錄一卷",
    });
    expect(
      fields(["女弟子胡淨護　呂淨念　顧淨思捐資共刻", "無念和尚行由　天啟乙丑自恣姑蘇兜率園識"]),
    ).toMatchObject({
      donor: "女弟子胡淨護 呂淨念 顧淨思",
      pubAddress: "姑蘇兜率園",
    });
  });

  it("join a line of one or two characters to the line before", () => {
    // J26nB177 0088a18–23 (…馮發德同 / 刻), J25nB173 0676a25–28 (…愈奇證 / 字)
    expect(
      fields([
        "中州信善符雲臺　韓慧深　劉發清　蔡應",
        "龍　江陵信善陳明性　朱妙圓　馮發德同",
        "刻",
        "破山和尚語錄第十九卷　清谿發泰禪人對",
        "　秀水謝文英書　倪君亮子天章雲望刊",
        "康熙庚申年季春月嘉禾楞嚴般若坊附藏流通",
      ]),
    ).toMatchObject({
      donor: "中州信善符雲臺 韓慧深 劉發清 蔡應 龍 江陵信善陳明性 朱妙圓 馮發德",
      editor: "清谿發泰禪人",
      pubYear: 1680,
    });
    expect(
      fields([
        "豫章信官黃端伯捐俸敬刻",
        "壽昌無明和尚語錄卷上　廣照弟子愈奇證",
        "字",
        "崇禎十年十一月徑山寂照菴識",
      ]),
    ).toEqual({
      donor: "豫章信官黃端伯",
      editor: "廣照弟子愈奇",
      pubEra: "崇禎十年",
      pubYear: 1637,
      pubAddress: "徑山寂照菴",
      remark: "壽昌無明和尚語錄卷上",
    });
  });

  it("keep a short line of names apart", () => {
    // J20nB097 0501b10 and 0501b15–17 (助刻芳名: single-character names, the last line two of them)
    expect(
      fields([
        "　助刻芳名",
        "比丘濟　蘇　真　介　德　芳　性　論",
        "　　如　珂　了　蘊　照　先　通　戒",
        "　　大　昌",
      ]),
    ).toEqual({
      donor: "比丘濟 蘇 真 介 德 芳 性 論 如 珂 了 蘊 照 先 通 戒 大 昌",
      remark: "芳名",
    });
  });

  it("take a list naming donors with no marker of its own as the donors", () => {
    // J39nB468 0906c01–10
    expect(
      fields([
        "　信官龍元敘",
        "　比丘體若　天眼　天眉　天璧　觀止",
        "　　　止莽　悅莽　玉嬋　葉莽　體莽",
        "　　　寂文　尼照悟",
        "　　武原陳子蘭書　　　　　　嘉興　　　刊",
        "　康熙癸未季秋　穀旦　板存嘉興楞嚴寺藏房",
      ]),
    ).toEqual({
      donor: "信官龍元敘 比丘體若 天眼 天眉 天璧 觀止 止莽 悅莽 玉嬋 葉莽 體莽 寂文 尼照悟",
      writer: "武原陳子蘭",
      engraver: "嘉興",
      pubEra: "康熙癸未",
      pubYear: 1703,
      pubAddress: "嘉興楞嚴寺藏房",
    });
    // J26nB186 0644a04–: the names after 助刻姓氏列于左
    expect(
      fields([
        "信士弟子助刻姓氏列于左",
        "羅明震同室許氏法名明泰　羅明能同",
        "室張氏法名明朗　懷尚珍同室鄒氏次",
      ]),
    ).toEqual({
      donor: "信士弟子 羅明震同室許氏法名明泰 羅明能同 室張氏法名明朗 懷尚珍同室鄒氏次",
      remark: "姓氏列于左",
    });
  });

  it("read 較正, 監梓, 幫刻, 重梓 and a date under 大清 with 歲次", () => {
    // J26nB182 0478b19, J26nB186 0656a23, J29nB239 0477c25, J37nB390 0552a01–02
    expect(fields(["嗣法門人行舟較正監梓"])).toEqual({ editor: "嗣法門人行舟" });
    expect(fields(["剃度徒梅竹菴瑞初祥幫刻"])).toEqual({ donor: "剃度徒梅竹菴瑞初祥" });
    expect(fields(["　　　　　　　嗣法孫燈映重梓"])).toEqual({ donor: "嗣法孫燈映" });
    expect(fields(["　　　大清康熙二十五年歲次丙寅", "　　　中秋月弟子眾等發心敬梓"])).toMatchObject({
      pubEra: "康熙二十五年歲次丙寅",
      pubYear: 1686,
    });
  });

  it("read the Thousand Character Classic's case mark", () => {
    // J text cites cases as 映字函第十卷; 六字號 (a six-character name) is none
    expect(thousandCharOf("映字函第十卷")).toBe("映");
    expect(thousandCharOf("北藏縣字函")).toBe("縣");
    expect(thousandCharOf("香煙擁稻畦高舉洪名六字號大家相送過前溪")).toBeNull();
  });
});
