/**
 * Numbers written in Chinese characters, as colophons write counts and sums: 三萬一千五百零四
 * (31,504), 二十五, 廿三, 元 (the first year), and sums of silver in 兩, 錢, 分 and 厘
 * (銀一十五兩七錢五分零三厘 is 15,753 厘).
 */

const DIGITS: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  壹: 1,
  二: 2,
  貳: 2,
  兩: 2,
  三: 3,
  叁: 3,
  參: 3,
  四: 4,
  肆: 4,
  五: 5,
  伍: 5,
  六: 6,
  陸: 6,
  七: 7,
  柒: 7,
  八: 8,
  捌: 8,
  九: 9,
  玖: 9,
};
const UNITS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1_000, 仟: 1_000 };
const TENS: Record<string, number> = { 廿: 20, 卅: 30, 卌: 40 };

/** The characters a Chinese number may be written with. */
export const NUMBER_CHARS = "〇零一壹二貳兩三叁參四肆五伍六陸七柒八捌九玖十拾百佰千仟萬廿卅卌元";

/** The value of a Chinese number (元 alone is 1), or null when the text is not one. */
export function chineseNumber(text: string): number | null {
  if (text === "元") return 1;
  if (text === "") return null;
  // Digit by digit (一六二一), as years are sometimes written.
  if (text.length > 1 && [...text].every((char) => char in DIGITS))
    return [...text].reduce((value, char) => value * 10 + (DIGITS[char] ?? 0), 0);
  let total = 0;
  let section = 0;
  let digit: number | null = null;
  for (const char of text) {
    if (char in DIGITS) {
      const value = DIGITS[char] ?? 0;
      // Two digits running together outside a digit-by-digit number (十五兩) are no number.
      if (digit !== null && digit !== 0 && value !== 0) return null;
      digit = value;
    } else if (char in UNITS) {
      section += (digit ?? 1) * (UNITS[char] ?? 1);
      digit = null;
    } else if (char in TENS) {
      section += TENS[char] ?? 0;
      digit = null;
    } else if (char === "萬") {
      total += (section + (digit ?? 0) || 1) * 10_000;
      section = 0;
      digit = null;
    } else {
      return null;
    }
  }
  return total + section + (digit ?? 0);
}

const SILVER_UNITS: [string, number][] = [
  ["兩", 1_000],
  ["錢", 100],
  ["分", 10],
  ["厘", 1],
  ["釐", 1],
];

/**
 * A sum of silver in 厘 (1 兩 = 10 錢 = 100 分 = 1,000 厘), from text such as 四兩六錢七分八厘 or
 * 七兩七錢一分五厘; null when there is none.
 */
export function silverInLi(text: string): number | null {
  let total = 0;
  let found = false;
  let rest = text.replace(/^[銀]/u, "");
  for (const [unit, value] of SILVER_UNITS) {
    const at = rest.indexOf(unit);
    if (at < 0) continue;
    const amount = chineseNumber(rest.slice(0, at).replace(/^零/u, ""));
    if (amount === null) return null;
    total += amount * value;
    found = true;
    rest = rest.slice(at + 1);
  }
  return found && rest.replace(/^正$/u, "") === "" ? total : null;
}
