/**
 * Reign eras (年號) of the Song, Yuan, Ming and Qing, with the Gregorian years they ran, for dating
 * colophons: "康熙丁亥" (an era and a cyclical year) is 1707, "萬曆二十五年" (an era and a numbered
 * year) is 1597. An era's first year is the year it was proclaimed (元年), its last the year before
 * the next era of its line began (or the line's end). Where two lines used one name (天順 of the
 * Yuan in 1328 and of the Ming from 1457, 至元 twice in the Yuan), each is listed; a colophon's
 * cyclical year, or failing it its numbered year, picks the one that fits.
 */

export type ReignEra = { name: string; dynasty: "宋" | "元" | "明" | "清"; first: number; last: number };

/** Each line's eras as "name first-year" pairs, in order, and the year the line ended. */
type Line = { dynasty: ReignEra["dynasty"]; end: number; eras: string };

const LINES: Line[] = [
  {
    dynasty: "宋",
    end: 1279,
    eras: `
      建隆 960 乾德 963 開寶 968 太平興國 976 雍熙 984 端拱 988 淳化 990 至道 995 咸平 998 景德 1004 大中祥符 1008
      天禧 1017 乾興 1022 天聖 1023 明道 1032 景祐 1034 寶元 1038 康定 1040 慶曆 1041 皇祐 1049 至和 1054
      嘉祐 1056 治平 1064 熙寧 1068 元豐 1078 元祐 1086 紹聖 1094 元符 1098 建中靖國 1101 崇寧 1102 大觀 1107
      政和 1111 重和 1118 宣和 1119 靖康 1126 建炎 1127 紹興 1131 隆興 1163 乾道 1165 淳熙 1174 紹熙 1190
      慶元 1195 嘉泰 1201 開禧 1205 嘉定 1208 寶慶 1225 紹定 1228 端平 1234 嘉熙 1237 淳祐 1241 寶祐 1253
      開慶 1259 景定 1260 咸淳 1265 德祐 1275 景炎 1276 祥興 1278`,
  },
  {
    dynasty: "元",
    end: 1368,
    eras: `
      中統 1260 至元 1264 元貞 1295 大德 1297 至大 1308 皇慶 1312 延祐 1314 至治 1321 泰定 1324 致和 1328
      天順 1328 天曆 1328 至順 1330 元統 1333 至元 1335 至正 1341`,
  },
  {
    dynasty: "明",
    end: 1662,
    eras: `
      洪武 1368 建文 1399 永樂 1403 洪熙 1425 宣德 1426 正統 1436 景泰 1450 天順 1457 成化 1465 弘治 1488
      正德 1506 嘉靖 1522 隆慶 1567 萬曆 1573 泰昌 1620 天啟 1621 崇禎 1628 弘光 1645 隆武 1645 永曆 1647`,
  },
  {
    dynasty: "清",
    end: 1911,
    eras: `
      天命 1616 天聰 1627 崇德 1636 順治 1644 康熙 1662 雍正 1723 乾隆 1736 嘉慶 1796 道光 1821 咸豐 1851
      同治 1862 光緒 1875 宣統 1909`,
  },
];

/** Eras that ran 60 years or more end the year before the next began (六十一年 of 康熙 is 1722). */
const LAST_YEAR: Record<string, number> = { 康熙: 1722, 乾隆: 1795 };

/**
 * Every era, its last year the next era's first (an era changed in the middle of a year shares
 * that year with the next, as 萬曆四十八年 and 泰昌元年 are both 1620).
 */
export const REIGN_ERAS: readonly ReignEra[] = LINES.flatMap((line) => {
  const eras = [...line.eras.matchAll(/(\p{Script=Han}+) (\d+)/gu)].map(([, name = "", first = ""]) => ({
    name,
    first: Number(first),
  }));
  return eras.map(({ name, first }, i) => ({
    name,
    dynasty: line.dynasty,
    first,
    last: LAST_YEAR[name] ?? eras[i + 1]?.first ?? line.end,
  }));
});

/** Era names, longest first, for finding them in text. */
export const ERA_NAMES: readonly string[] = [...new Set(REIGN_ERAS.map((era) => era.name))].sort(
  (a, b) => b.length - a.length,
);

const STEMS = "甲乙丙丁戊己庚辛壬癸";
const BRANCHES = "子丑寅卯辰巳午未申酉戌亥";

/** The place (0 for 甲子 … 59 for 癸亥) of a cyclical year name, or null. */
export function cyclicalIndex(name: string): number | null {
  const stem = STEMS.indexOf(name[0] ?? "");
  const branch = BRANCHES.indexOf(name[1] ?? "");
  if (name.length !== 2 || stem < 0 || branch < 0 || stem % 2 !== branch % 2) return null;
  for (let index = stem; index < 60; index += 10) if (index % 12 === branch) return index;
  return null;
}

/** The cyclical place of a Gregorian year (1984 was 甲子). */
const cyclicalOf = (year: number): number => (((year - 4) % 60) + 60) % 60;

/**
 * The Gregorian year of an era's year given as a number (1 for 元年) or a cyclical name, or both;
 * null when no era of that name holds such a year, or more than one year fits.
 */
export function eraYear(era: string, year: { numbered?: number; cyclical?: string }): number | null {
  const cyclical = year.cyclical === undefined ? null : cyclicalIndex(year.cyclical);
  if (year.cyclical !== undefined && cyclical === null) return null;
  const fits = new Set<number>();
  for (const candidate of REIGN_ERAS) {
    if (candidate.name !== era) continue;
    for (let y = candidate.first; y <= candidate.last; y++) {
      if (year.numbered !== undefined && y - candidate.first + 1 !== year.numbered) continue;
      if (cyclical !== null && cyclicalOf(y) !== cyclical) continue;
      if (year.numbered === undefined && cyclical === null) continue;
      fits.add(y);
    }
  }
  return fits.size === 1 ? ([...fits][0] ?? null) : null;
}
