import { describe, expect, it } from "vitest";
import { chineseNumber, silverInLi } from "../../server/import/colophons/chinese-numbers.ts";
import { cyclicalIndex, ERA_NAMES, eraYear, REIGN_ERAS } from "../../server/import/colophons/reign-eras.ts";

describe("Chinese numbers in colophons", () => {
  it("read counts as the colophons write them", () => {
    // 護法錄 (J21nB110): 計字三萬一千五百零四箇, 一萬零二百六十六, 九千零三百五十五.
    expect(chineseNumber("三萬一千五百零四")).toBe(31_504);
    expect(chineseNumber("一萬零二百六十六")).toBe(10_266);
    expect(chineseNumber("九千零三百五十五")).toBe(9_355);
    expect(chineseNumber("一萬五千四百三十一")).toBe(15_431);
    expect(chineseNumber("二十五")).toBe(25);
    expect(chineseNumber("十")).toBe(10);
    expect(chineseNumber("十一")).toBe(11);
    expect(chineseNumber("廿三")).toBe(23);
    expect(chineseNumber("元")).toBe(1);
    expect(chineseNumber("萬")).toBe(10_000);
    expect(chineseNumber("一六二一")).toBe(1_621);
  });

  it("refuse what is not a number", () => {
    for (const text of ["", "康熙", "十五兩", "二年"]) expect(chineseNumber(text), text).toBeNull();
  });

  it("value sums of silver in 厘", () => {
    // 該銀一十五兩七錢五分零三厘 (J21nB110, 護法錄第一卷), 銀四兩六錢七分八厘 (第七卷).
    expect(silverInLi("一十五兩七錢五分零三厘")).toBe(15_753);
    expect(silverInLi("銀四兩六錢七分八厘")).toBe(4_678);
    expect(silverInLi("七兩七錢一分五厘")).toBe(7_715);
    expect(silverInLi("四兩七錢零一分")).toBe(4_710);
    expect(silverInLi("五百金")).toBeNull();
    expect(silverInLi("")).toBeNull();
  });
});

describe("reign eras", () => {
  it("cover the Song, Yuan, Ming and Qing, each era within its line's years", () => {
    for (const dynasty of ["宋", "元", "明", "清"])
      expect(REIGN_ERAS.some((era) => era.dynasty === dynasty)).toBe(true);
    for (const era of REIGN_ERAS) expect(era.last, era.name).toBeGreaterThanOrEqual(era.first);
    expect(ERA_NAMES[0]?.length).toBe(4);
    const era = (name: string) => REIGN_ERAS.filter((candidate) => candidate.name === name);
    expect(era("太平興國")).toEqual([{ name: "太平興國", dynasty: "宋", first: 976, last: 984 }]);
    expect(era("祥興")).toEqual([{ name: "祥興", dynasty: "宋", first: 1278, last: 1279 }]);
    expect(era("至元").map((found) => [found.first, found.last])).toEqual([
      [1264, 1295],
      [1335, 1341],
    ]);
    expect(era("宣統")).toEqual([{ name: "宣統", dynasty: "清", first: 1909, last: 1911 }]);
    expect(REIGN_ERAS).toHaveLength(57 + 16 + 20 + 13);
  });

  it("name cyclical years", () => {
    expect(cyclicalIndex("甲子")).toBe(0);
    expect(cyclicalIndex("丁亥")).toBe(23);
    expect(cyclicalIndex("癸亥")).toBe(59);
    expect(cyclicalIndex("甲丑")).toBeNull();
    expect(cyclicalIndex("康熙")).toBeNull();
  });

  it("date the colophons' years", () => {
    expect(eraYear("康熙", { cyclical: "丁亥" })).toBe(1707); // J39nB470: 康熙丁亥季夏
    expect(eraYear("天啟", { numbered: 1, cyclical: "辛酉" })).toBe(1621); // J21nB110: 天啟辛酉元年
    expect(eraYear("天啟", { cyclical: "癸亥" })).toBe(1623); // J21nB110: 天啟癸亥年秋月
    expect(eraYear("康熙", { cyclical: "庚申" })).toBe(1680); // J26nB177: 康熙庚申歲孟春月
    expect(eraYear("康熙", { cyclical: "庚戌" })).toBe(1670); // J26nB177: 康熙庚戌冬日
    expect(eraYear("萬曆", { numbered: 25 })).toBe(1597); // J26nB177: 萬曆二十五年丁酉
    expect(eraYear("萬曆", { numbered: 25, cyclical: "丁酉" })).toBe(1597);
    expect(eraYear("崇禎", { numbered: 2, cyclical: "己巳" })).toBe(1629); // J25nB154
    expect(eraYear("乾隆", { numbered: 49 })).toBe(1784); // J23nB129
    expect(eraYear("萬曆", { numbered: 48 })).toBe(1620);
    expect(eraYear("泰昌", { numbered: 1 })).toBe(1620);
    expect(eraYear("至元", { numbered: 25 })).toBe(1288);
    expect(eraYear("紹興", { numbered: 1 })).toBe(1131);
  });

  it("answer no year when none or several fit", () => {
    expect(eraYear("萬曆", { numbered: 25, cyclical: "甲子" })).toBeNull();
    expect(eraYear("崇禎", { numbered: 30 })).toBeNull();
    expect(eraYear("康熙", { cyclical: "壬寅" })).toBeNull(); // 1662 and 1722
    expect(eraYear("天順", { numbered: 1 })).toBeNull(); // the Yuan's 1328 and the Ming's 1457
    expect(eraYear("天順", { cyclical: "丁丑" })).toBe(1457);
    expect(eraYear("康熙", {})).toBeNull();
    expect(eraYear("貞觀", { numbered: 1 })).toBeNull();
  });
});
