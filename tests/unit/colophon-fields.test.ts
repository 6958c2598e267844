/**
 * Colophon rules, each on real lines of the Jiaxing canon (CBETA P5a; the line ids in comments).
 */
import { describe, expect, it } from "vitest";
import { colophonFields, isColophon } from "../../server/import/colophons/colophon-fields.ts";

const fields = (lines: string[]) => {
  const found = colophonFields(lines);
  if (!found) throw new Error(`not a colophon: ${lines.join(" / ")}`);
  const { pubNote: _, ...rest } = found;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null));
};

describe("colophon fields", () => {
  it("read a full colophon: donor, count, silver, checker, scribe, carver, date and place", () => {
    // J21nB110 0616a17–21 (護法錄 juan 1)
    expect(
      fields([
        "虞居士楊捐貲刻",
        "護法錄第一卷　計字三萬一千五百零四箇",
        "該銀一十五兩七錢五分零三厘",
        "楊釋元韜對句容潘省耕書上元許一科刻",
        "天啟辛酉元年春二月徑山化城寺識",
      ]),
    ).toEqual({
      donor: "虞居士楊",
      charCount: 31_504,
      donateAmount: "銀一十五兩七錢五分零三厘",
      donateAmountLi: 15_753,
      editor: "楊釋元韜",
      writer: "句容潘省耕",
      engraver: "上元許一科",
      pubEra: "天啟辛酉元年",
      pubYear: 1621,
      pubAddress: "徑山化城寺",
      remark: "護法錄第一卷",
    });
  });

  it("read a count whose 箇 falls on the next line", () => {
    // J21nB110 0639b26–30 (juan 3)
    expect(
      fields([
        "常熟居士錢謙益顧大章施貲共刻此",
        "護法錄第三卷　計字一萬五千四百三十一",
        "箇該銀七兩七錢一分五厘",
        "江陰釋在琳對句容潘省耕書上元許一科刻",
        "天啟辛酉元年春三月徑山化城寺識",
      ]),
    ).toMatchObject({
      donor: "常熟居士錢謙益顧大章",
      charCount: 15_431,
      donateAmountLi: 7_715,
      editor: "江陰釋在琳",
    });
  });

  it("take donors listed over several lines up to 同刻, and an era name in a temple's name as no date", () => {
    // J26nB177 0014c28–32 and 0006a09–12 (破山和尚語錄 juan 3 and 1)
    expect(
      fields([
        "嗣法門人　蜀北果州真如寺海液　蜀東巴",
        "州清涼硐印嵩同刻",
        "破山和尚語錄第三卷　堆藍弘禮禪人對",
        "　秀水謝穎仙書　嘉興倪天章刊",
        "康熙庚申歲孟春月嘉禾楞嚴寺般若坊藏板",
      ]),
    ).toEqual({
      donor: "嗣法門人 蜀北果州真如寺海液 蜀東巴 州清涼硐印嵩",
      editor: "堆藍弘禮禪人",
      writer: "秀水謝穎仙",
      engraver: "嘉興倪天章",
      pubEra: "康熙庚申",
      pubYear: 1680,
      pubAddress: "嘉禾楞嚴寺般若坊",
      remark: "破山和尚語錄第三卷",
    });
    expect(
      fields([
        "嗣法門人蜀渝州治平寺照衣敬刻",
        "破山和尚語錄第一卷　玉陽堆藍弘禮禪人對",
        "　秀水謝禎仙書　嘉興倪天章刊",
        "康熙庚申歲孟春月嘉禾楞嚴寺般若坊藏板",
      ]),
    ).toMatchObject({ donor: "嗣法門人蜀渝州治平寺照衣", pubEra: "康熙庚申", pubYear: 1680 });
  });

  it("read the colophon of 天一悅禪師語錄: donors, fundraiser, checker, scribe, carvers, date, printing house", () => {
    // J39nB470 0934b01–16 (donor lines 0934b04–11 left out)
    expect(
      fields([
        "　捐貲眾善芳名",
        "信官龍元吉法名聖學同緣安氏蔭襲心寧",
        "信士周德奇　　周定一　　趙世傑　　陶聖傑",
        "　　薛國棟　　　　　　　沈明德等同刻",
        "　　　　　　　　　　　　法嗣聖靜募刻",
        "　　　　　　　　　　天龍法弟如純對",
        "　　　　海鹽陳　蕭書　　楞嚴　夏維寧　倪爾繩　同鐫",
        "　康熙丁亥季夏　穀旦嘉興楞嚴寺般若堂藏板",
      ]),
    ).toEqual({
      donor: "信官龍元吉法名聖學同緣安氏蔭襲心寧 信士周德奇 周定一 趙世傑 陶聖傑 薛國棟 沈明德",
      fundraiser: "法嗣聖靜",
      editor: "天龍法弟如純",
      writer: "海鹽陳 蕭",
      engraver: "楞嚴 夏維寧 倪爾繩",
      pubEra: "康熙丁亥",
      pubYear: 1707,
      pubAddress: "嘉興楞嚴寺般若堂",
      remark: "眾善芳名",
    });
  });

  it("take the names under a donors' heading, and the prayer after 伏祈", () => {
    // J28nB213 0518b01–10
    expect(
      fields([
        "捐貲助刻語錄卷上",
        "　王元海同緣明福欒彩同緣明悉欒化同緣明證",
        "　劉斗同緣明壽詹洪曜　董彬同緣明珠",
        "　李門李氏男澤溥",
        "卷下",
        "　伍之鳳同緣明福長男元道同緣實善",
        "　次男同緣實證鄭守禮同緣明果龍略同緣實裔",
        "　壬明高",
        "　　伏祈各戶家家清泰人眷平安二六時中吉祥",
        "　　如意者",
      ]),
    ).toMatchObject({
      donor: expect.stringMatching(/^王元海同緣明福.* 壬明高$/u),
      donateWish: "伏祈各戶家家清泰人眷平安二六時中吉祥如意者",
      remark: "語錄卷上 卷下",
    });
  });

  it("find the place after 板存, 版存 or 板藏, with the date on another line", () => {
    // J29nB231 (版存…流通 / 康熙十一年重陽日謹識), J35nB342 (…板藏嘉興楞嚴寺般若堂), J29nB222
    expect(fields(["版存嘉興府楞嚴寺經坊流通", "康熙十一年重陽日謹識"])).toEqual({
      pubAddress: "嘉興府楞嚴寺經坊",
      pubEra: "康熙十一年",
      pubYear: 1672,
    });
    expect(fields(["　康熙甲子仲冬月吉板藏嘉興楞嚴寺般若堂"])).toMatchObject({
      pubYear: 1684,
      pubAddress: "嘉興楞嚴寺般若堂",
    });
    expect(fields(["板存嘉興楞嚴寺經坊。"])).toEqual({ pubAddress: "嘉興楞嚴寺經坊" });
  });

  it("read 施貲在…刻 as the place, 募貲 as the fundraiser and 較 as checking", () => {
    // J39nB461, J28nB214
    expect(fields(["燕山誥封夫人關門伊氏率男茂盛玻爾坤楚蠻子", "　　施貲在京師崇寧庵刻"])).toEqual({
      donor: "燕山誥封夫人關門伊氏率男茂盛玻爾坤楚蠻子",
      pubAddress: "京師崇寧庵",
    });
    expect(fields(["弟子通瑞較刻", "　　　弟子通玄募貲助刻"])).toEqual({
      editor: "弟子通瑞",
      fundraiser: "弟子通玄",
    });
  });

  it("keep the block's text as the note", () => {
    const lines = ["常熟縣居士宋奎光捐貲施刻　護法錄第十卷", "天啟癸亥年秋月徑山化城寺識"];
    expect(colophonFields(lines)?.pubNote).toBe(lines.join("\n"));
    expect(fields(lines)).toMatchObject({ pubEra: "天啟癸亥", pubYear: 1623, donor: "常熟縣居士宋奎光" });
  });
});

describe("what is not a colophon", () => {
  it("a carver's word in a sentence, a stone inscription or a title", () => {
    // J28nB202 0071a20–21, J35nB325 0459c32, J19nB048 0215a01, J28nB218 0646c27
    expect(isColophon(["示眾纔坐定左右顧視云劍去久矣山僧不可作刻", "舟人也便歸方丈。"])).toBe(false);
    expect(isColophon(["出雲蓋寺石刻"])).toBe(false);
    expect(isColophon(["重刊北京五大部直音會韻卷上"])).toBe(false);
    expect(isColophon(["陸亙大夫鐫佛。"])).toBe(false);
  });

  it("a preface, an epitaph or a chronology, though they name years and printing", () => {
    // J26nB177 0093c01–13 (年譜序), 0093c21–0094a03 (年譜), 0100a11–17 (塔銘)
    expect(
      isColophon([
        "年譜序雙相破山禪師年譜序",
        "竊觀西來之旨。自諸祖而下。惟馬大師為最盛。然後",
        "之命來禾。刊老和尚年譜塔銘。補入語錄。因以示余。",
        "隨喜一過。慶快平生。輒綴數語以序云爾。",
        "康熙庚戌重陽日檇李約菴道人施博拜題",
      ]),
    ).toBe(false);
    expect(
      isColophon(["年譜雙桂破山明禪師年譜", "嗣法門人二祖印巒輯", "平山印綬編", "明萬曆二十五年丁酉"]),
    ).toBe(false);
    expect(
      isColophon([
        "塔銘破山明禪師塔銘",
        "敕封徵仕郎翰林院庶吉士癸酉科孝廉巴縣劉道",
        "開撰文",
        "賜進士及第內弘文院編修遂寧縣李仙根篆額",
      ]),
    ).toBe(false);
  });

  it("a postscript, even one that mentions carving the blocks", () => {
    // J29nB226 (自跋)
    expect(
      isColophon([
        "附文自跋自跋",
        "頌古鉤鉅乃余學步於天童覺和尚者偶以藏之",
        "余謂之曰惟我參同和尚德重道隆握刮翳金鎞",
        "之言而災梨棗使見聞者作嘔也邪請者不能止",
        "姑從之而梓其由於卷末云。",
      ]),
    ).toBe(false);
  });

  it("verses and sayings", () => {
    // J39nB468 (頌古)
    expect(isColophon(["頌古頌古", "牛過窗櫺牛過窗櫺", "山頭石虎叫一聲海底泥牛側耳聽跛鱉盲龜生恐"])).toBe(
      false,
    );
  });
});
