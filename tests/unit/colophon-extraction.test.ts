/**
 * Finding colophons in CBETA XML (text-paragraphs.ts, extract-colophons.ts), on real lines of the
 * Jiaxing canon set in a minimal TEI body: the apparatus read as its lemma, inline notes without
 * brackets, the line ids of each colophon; a postscript left out while the gift line after it is
 * taken; a colophon at a juan's end, outside the appended writings.
 */
import { describe, expect, it } from "vitest";
import { findColophons } from "../../server/import/colophons/extract-colophons.ts";
import { textParagraphs } from "../../server/import/colophons/text-paragraphs.ts";
import type { GaijiCatalogue } from "../../server/import/gaiji.ts";

const noGaiji: GaijiCatalogue = { byCode: new Map(), forms: new Map() };
const tei = (body: string) =>
  `<TEI xmlns:cb="http://www.cbeta.org/ns/1.0"><teiHeader/><text><body>${body}</body></text></TEI>`;
const colophonsOf = (body: string) => findColophons(textParagraphs(tei(body), "J", noGaiji));

describe("finding colophons in CBETA XML", () => {
  it("reads the lemma of the apparatus and an inline note's lines, with their line ids", () => {
    // J20nB091 0336b24–28 (道餘錄)
    const [colophon, ...others] = colophonsOf(`
<lb ed="J" n="0336b24"/><cb:div type="w"><p xml:id="pJ20p0336b2401" cb:type="pre"><note place="inline">翰林院編修海虞居士錢謙益捐資刻此
<lb ed="J" n="0336b25"/>道餘錄　計字一萬二千二百四十該銀六兩
<lb ed="J" n="0336b26"/>三錢六分五厘
<lb ed="J" n="0336b27"/>江陰釋在琳對長洲徐普書句容潘樞德刻
<lb ed="J" n="0336b28"/>萬曆<note n="0336b2801" resp="CBETA" type="add">己【CB】，巳【嘉興】</note><app n="0336b2801"><lem wit="【CB】" resp="CBETA.maha">己</lem><rdg wit="【嘉興】">巳</rdg></app>未歲春三月徑山化城寺識</note></p></cb:div>`);
    expect(others).toEqual([]);
    expect(colophon?.lines.map((line) => `${line.pageKey}${line.lineNo}`)).toEqual([
      "0336b24",
      "0336b25",
      "0336b26",
      "0336b27",
      "0336b28",
    ]);
    expect(colophon?.lines.at(-1)?.text).toBe("萬曆己未歲春三月徑山化城寺識");
    expect(colophon?.fields).toMatchObject({ pubEra: "萬曆己未", pubYear: 1619, donateAmountLi: 6_365 });
  });

  it("leaves out a postscript and its signature, and takes the gift line after a blank line", () => {
    // J01nA042 0807b09–21 (後記 of 大慧普覺禪師年譜)
    const found = colophonsOf(`
<lb ed="J" n="0807b09"/><cb:div type="w"><cb:mulu type="附文" level="1">後記</cb:mulu><p xml:id="pJ01p0807b0901">大慧先師示現七十五年言行出處章章可法詠
<lb ed="J" n="0807b10"/>老集為年譜刊行於世有補來學但其間不能無
<lb ed="J" n="0807b11"/>誤脫<note place="inline">宗演</note>頃在眾時每覽之輒為嗟惜後得江西
<lb ed="J" n="0807b12"/>瑩雲臥書亹亹譏其闕失與昔所聞果若符契逮
<lb ed="J" n="0807b13"/>開禧乙丑青山無事始獲校訂刪入六十餘處粗
<lb ed="J" n="0807b18"/>闡提火此書可也或未然毋忽龜鑑。</p><p xml:id="pJ01p807b1815">住華藏比丘
<lb ed="J" n="0807b19"/>宗演百拜敬書</p>
<lb ed="J" n="0807b20"/>
<lb ed="J" n="0807b21"/><p xml:id="pJ01p0807b2101" rend="margin-left:2em">嘉興包檉芳施銀拾兩刻年譜壹卷</p></cb:div>`);
    expect(found.map((colophon) => colophon.lines.map((line) => line.text))).toEqual([
      ["嘉興包檉芳施銀拾兩刻年譜壹卷"],
    ]);
  });

  it("takes a printing house named at a juan's end, outside the appended writings", () => {
    // J28nB213 0518a20
    const [colophon] = colophonsOf(
      `<lb ed="J" n="0518a20"/><cb:juan fun="close" n="2"><cb:jhead>芝巖秀禪師語錄卷下<note place="inline">終</note>　板存嘉興楞嚴寺流通</cb:jhead></cb:juan>`,
    );
    expect(colophon?.lines).toEqual([
      { pageKey: "0518a", lineNo: 20, text: "芝巖秀禪師語錄卷下終　板存嘉興楞嚴寺流通" },
    ]);
    expect(colophon?.fields.pubAddress).toBe("嘉興楞嚴寺");
  });

  it("takes no running prose that mentions carving, outside or inside the appended writings", () => {
    // J23nB118 0003a24–30 (募刻 in a preface written without punctuation)
    expect(
      colophonsOf(`<p>
<lb ed="J" n="0003a24"/>中忽見古寺殘碑載勝國時會稽郡大藏板凡七副因感
<lb ed="J" n="0003a25"/>泣思惟板刻之在一郡者且爾其卷軸流通在天下者當
<lb ed="J" n="0003a26"/>何如哉迺我　明僅南北兩板法道陵夷莫此為甚遂願
<lb ed="J" n="0003a27"/>畢此生身命募刻方冊板廣作流通尋入檇李得侍　達
<lb ed="J" n="0003a28"/>觀老師兼晤馮開之居士輩則老師暨諸居士業<note n="0003a2801" resp="CBETA" type="add">已【CB】，巳【嘉興】</note><app n="0003a2801"><lem wit="【CB】" resp="CBETA.maha">已</lem><rdg wit="【嘉興】">巳</rdg></app>先發</p>`),
    ).toEqual([]);
    // J20nB103 0669c09–13: a postscript signed with a year
    expect(
      colophonsOf(`
<lb ed="J" n="0669c09"/><cb:div type="w"><p xml:id="pJ20p0669c0901" rend="margin-left:2em">大聖愍眾生溺于淫殺業海不能
<lb ed="J" n="0669c10"/>解脫是以乘大願輪垂蹟混塵觸
<lb ed="J" n="0669c11"/>境題詠含蓄至理此其陰有遺付
<lb ed="J" n="0669c12"/>也凡具死心者請勤覺悟云。</p>
<lb ed="J" n="0669c13"/><p xml:id="pJ20p0669c1301" rend="margin-left:2em">萬曆己亥冬釋普文題于幻寄齋</p></cb:div>`),
    ).toEqual([]);
  });
});
