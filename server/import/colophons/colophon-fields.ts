/**
 * Colophons (刊記, 牌記, 施刻 notes): which blocks of a text are one, and what they say. A block is
 * a run of lines extract-colophons.ts found (in a `cb:div type="w"`, or a short paragraph or juan
 * title elsewhere), one string per line. Rules, each tested on real lines
 * (tests/unit/colophon-fields.test.ts, colophon-line-rules.test.ts):
 *
 *   colophon   a block naming who paid for, checked or carved the blocks, or where they are kept
 *              (捐貲, 施銀, 同刻, 敬刻, 募刻, 對稿, 藏板, 板存, 計字…, 該銀), or ending a name with a
 *              carver's word (嘉興倪天章刊, 嗣法孫燈映重梓); prose (a biography, epitaph, preface or
 *              postscript: sentences closed by 。) is not, even when it names a year or a printing
 *   pub_era    an era name and its year: 康熙丁亥, 天啟辛酉元年, 崇禎二年己巳, 乾隆四十九年 (not an
 *              examination year: 萬曆己未進士 names a degree)
 *   pub_year   the Gregorian year of pub_era (reign-eras.ts)
 *   address    the place after the date, or after 板存/版存, up to 藏板, 識, 流通, …: 嘉興楞嚴寺般若堂
 *   char_count 計字三萬一千五百零四箇
 *   amount     該銀一十五兩七錢五分零三厘 (over a line break too), kept as text, and its value in
 *              厘; or a gift of silver, 施銀拾兩 or 捐貲貳兩, whose giver is a donor
 *   thousand   the case mark of the Thousand Character Classic: 映字函, 冠字號
 *   roles      the names before each marker, the run since the previous one: donors before 捐貲,
 *              施貲, 同刻, 助刻, 敬刻, 重刊; the fundraiser before 募刻; the editor before 對, 校,
 *              證字; the writer before 書; the engravers before 刻, 刊, 鐫, 梓 (and 同鐫); the
 *              director before 監刻, 督刻. A marker opening a line closes the previous line's names
 *              (長洲徐普 / 書); a line of one or two characters ends the line before (…同 / 刻). A
 *              list under a heading (捐貲眾善芳名, 助刻姓氏列于左) or naming donors (信官, 信士,
 *              信善, 弟子…) with no marker of its own is the donors'
 *   wish       the prayer from 伏祈, 伏願, 惟願, 祈求, 更祈, 奉薦 to the end of the block, or to a
 *              line ending in 者
 *   remark     what is left: the work and reel the colophon names, headings such as 捐貲眾善芳名
 */
import { chineseNumber, NUMBER_CHARS, silverInLi } from "./chinese-numbers.ts";
import { ERA_NAMES, eraYear } from "./reign-eras.ts";

export type ColophonFields = {
  pubNote: string;
  pubEra: string | null;
  pubYear: number | null;
  pubAddress: string | null;
  charCount: number | null;
  fundraiser: string | null;
  donor: string | null;
  donateWish: string | null;
  donateAmount: string | null;
  /** donateAmount in 厘, for sorting. */
  donateAmountLi: number | null;
  thousandChar: string | null;
  writer: string | null;
  editor: string | null;
  engraver: string | null;
  director: string | null;
  remark: string | null;
};

const SPACE = /[\s\u3000]+/gu;

const NUMBER = `[${NUMBER_CHARS}]+`;

/** Wording only a colophon uses: paying for, checking or keeping the blocks. */
const PRODUCTION = new RegExp(
  "捐[^\\s\u3000]?[貲資]|捐俸|捐刻|[施捨損掛備奉][貲資]|施銀|助[刻梓刊板銀]|[同仝共敬]刻|敬[刊梓]|募[刻梓貲資]|" +
    `同鐫|藏[板版]|存板|[板版]存|板藏|計字${NUMBER}|該銀|對稿`,
  "u",
);
/** A name closed by a carver's or printer's word (not 頃刻, 時刻, 石刻, 補刻). */
const CARVED =
  /^[^\s\u3000。，]{2,20}(?<![頃時片此即立深雕篆銘石碑志作補])(?:重|敬|同)?(?:刻|刊|梓|鐫)(?:行|此|字)?$/u;
/** Characters one of the markers holds, to pass over the text of a canon quickly. */
const MARKER_CHARS = /[刻刊梓鐫貲資俸銀板版字稿]/u;

/** A first line heading a prose piece: a postscript, preface, record, epitaph, biography. */
const PROSE_HEADING = /^(?:附文)?[^\u3000\s]{0,8}?(?:跋|序|記|銘|傳|譜|行狀|贊|頌|疏)/u;

/** Whether a block is a colophon: production wording, and not prose. */
export function isColophon(lines: readonly string[]): boolean {
  const text = lines.join("");
  if (!MARKER_CHARS.test(text)) return false;
  // A carver's word closing a name is enough only in lines without sentences.
  const carved =
    !text.includes("。") &&
    lines.some((line) => line.split(/[\s\u3000]+/u).some((segment) => CARVED.test(segment)));
  if (!carved && !PRODUCTION.test(text)) return false;
  const first = lines.find((line) => line.trim() !== "")?.trim() ?? "";
  if (PROSE_HEADING.test(first) && !PRODUCTION.test(first)) return false;
  const sentences = (text.match(/。/gu) ?? []).length;
  return sentences <= 1 || text.replace(SPACE, "").length / sentences > 60;
}

const CYCLICAL = "[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]";
/**
 * An era and its year, numbered, cyclical or both (an era name alone may be a temple's: 治平寺),
 * not followed by a degree: 萬曆己未進士 is the year a man passed the examination.
 */
const ERA = new RegExp(
  `(?:大清|大明|皇明)?(${ERA_NAMES.join("|")})(?:(${NUMBER})年(?:歲次)?(${CYCLICAL})?|(?:[歲藏]在)?(${CYCLICAL})(?:[歲年](?=[^${NUMBER_CHARS}]|$))?(?:(${NUMBER})年)?)(?!進士|舉人|科|鄉試|會試|庶吉士)`,
  "u",
);
/** Season, month and day words between a date and the place. */
const TIME_WORDS = new RegExp(
  `^(?:[歲年]|[孟仲季]?[春夏秋冬](?:月|日)?|[正臘${NUMBER_CHARS}]+月|初?[${NUMBER_CHARS}]+日|` +
    "閏|[上中下]?浣|吉旦|穀旦|吉日|良日|重陽日|佛誕生?日|浴佛日|佛成道日|僧?自恣日?|日|月|吉)+",
  "u",
);
const ADDRESS_END = /(?:附藏流通|附藏|附疏|藏板|藏版|存板|謹識|敬識|流通|識|重[刊刻梓]|刊|刻)$/u;

type Found = { era: string | null; year: number | null; address: string | null; rest: string };

/** The date and place of a line (a line with an era, or 板存…), and what the line holds besides. */
function dateAndPlace(line: string): Found | null {
  const compact = line.replace(SPACE, "").replace(/。$/u, "");
  const kept = /(?:板存|版存|板藏|存板於?)(.+?)(?:流通)?。?$/u.exec(compact);
  const era = ERA.exec(compact);
  if (!era && !kept && !/(?:藏板|藏版)$/u.test(compact)) return null;
  if (era) {
    const [whole, name = "", numbered, cyclicalAfter, cyclicalFirst, numberedAfter] = era;
    const cyclical = cyclicalAfter ?? cyclicalFirst;
    const yearNumber = chineseNumber(numbered ?? numberedAfter ?? "");
    const year = eraYear(name, {
      ...(yearNumber === null ? {} : { numbered: yearNumber }),
      ...(cyclical === undefined ? {} : { cyclical }),
    });
    const before = compact.slice(0, era.index);
    const after = compact.slice(era.index + whole.length).replace(TIME_WORDS, "");
    const address =
      kept?.[1] ??
      (after
        .replace(/^(?:板存|版存)/u, "")
        .replace(ADDRESS_END, "")
        .replace(ADDRESS_END, "") ||
        null);
    const eraText = whole
      .replace(/^(?:大清|大明|皇明)/u, "")
      .replace(/(?<=[子丑寅卯辰巳午未申酉戌亥])[歲年]$/u, "");
    return { era: eraText, year, address, rest: before };
  }
  if (kept) return { era: null, year: null, address: kept[1] ?? null, rest: compact.slice(0, kept.index) };
  return { era: null, year: null, address: compact.replace(ADDRESS_END, "") || null, rest: "" };
}

type Role = "donor" | "fundraiser" | "editor" | "writer" | "engraver" | "director";

const TOGETHER = "(?:等|仝|同|共)*";
/**
 * Role markers: a marker closes the run of names before it. The marker earliest in the text wins,
 * and at one place the first listed (捐貲刻 is a donor's, not a carver's 刻).
 */
const ROLE_MARKERS: [RegExp, Role][] = [
  [
    new RegExp(
      `${TOGETHER}(?:捐[^\\s\\u3000]?[貲資]|[施捨損掛備奉出][貲資]|捐俸|發心)(?:敬|共|施|助)?(?:刻此|刻|刊刻|刊|梓|流通)?`,
      "u",
    ),
    "donor",
  ],
  [new RegExp(`${TOGETHER}募[貲資刻梓刊]`, "u"), "fundraiser"],
  [
    new RegExp(
      `${TOGETHER}(?:[同仝共](?:刻|刊|梓)此?|捐(?:刻|刊|梓)|[助幫](?:刻|梓|刊|板|寫)|敬刻此?|敬刊|敬梓|重(?:刊|刻|梓)|(?:稽首)?刊行)`,
      "u",
    ),
    "donor",
  ],
  [/監刻|督刻|督梓|監梓/u, "director"],
  [/對稿|仝校|[校較]正|校|較|證字|對/u, "editor"],
  [/書/u, "writer"],
  [/同鐫|鐫字|鐫|刊|刻|梓/u, "engraver"],
];

/** Words that name the work or a heading, not a person: they go to the remark. */
const NOT_A_NAME = new RegExp(
  `第[^　]*卷|卷[上中下]|[上中下]卷|${NUMBER}[卷部]|卷之${NUMBER}|語錄|全部|芳名|姓氏|流通$|^此$`,
  "u",
);
/** A heading over a list of donors, after its marker: 捐貲眾善芳名, 助刻姓氏列于左. */
const DONOR_HEADING = /^(?:眾善|弟子)?(?:芳名|姓氏)/u;
/** Words that show a run of names is a list of donors: 信官龍元敘 / 比丘體若　天眼 … */
const DONOR_TITLE = /信官|信士|信善|信女|善信|信商|信宦|信弟子|居士|弟子|門人|比丘|檀越|眾信|施主/u;

/** A prayer runs from its opening word to a line ending in 者, or to the block's end. */
const WISH = /(?:伏祈|伏願|惟願|祈求|更祈|祈願|奉薦)[\s\S]*?(?:者(?=[\u3000\s]*(?:\n|$))|$)/u;

const SUM = `(?:[${NUMBER_CHARS}兩錢分厘釐]|\\n[\\u3000\\s]*)+`;
/** A sum the block names: 該銀一十五兩…; else a gift, 施銀拾兩 or 捐貲貳兩, whose giver is a donor. */
const TOTAL = new RegExp(`(?:該|計|共)?(?<![施助貲資])(銀${SUM})`, "u");
const GIFT = new RegExp(`(?:[施助]銀|捐[貲資]銀?|施[貲資]銀?)(${SUM})`, "gu");

/** The case mark of the Thousand Character Classic (千字文) a block names: 映字函, 冠字號. */
export function thousandCharOf(text: string): string | null {
  return (
    new RegExp(`(?<![${NUMBER_CHARS}])([^\\s\\u3000${NUMBER_CHARS}])字[函號]`, "u").exec(text)?.[1] ?? null
  );
}

function addTo(roles: Map<Role, string[]>, role: Role, names: string): void {
  const clean = names
    .replace(/[（）()]/gu, "\u3000")
    .replace(/^[\u3000\s]+|[\u3000\s]+$/gu, "")
    .replace(/[\u3000\s]+/gu, " ");
  if (clean === "") return;
  roles.set(role, [...(roles.get(role) ?? []), clean]);
}

/** Lines of one or two characters end the line before (…馮發德同 / 刻, …愈奇證 / 字), unless a heading (卷下). */
function joinShortLines(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const trimmed = line.replace(/^[\s\u3000]+|[\s\u3000]+$/gu, "");
    const single = trimmed.length > 0 && trimmed.length <= 2 && !/[\s\u3000]/u.test(trimmed);
    if (joined.length > 0 && single && !NOT_A_NAME.test(trimmed))
      joined[joined.length - 1] = `${joined.at(-1)}${trimmed}`;
    else joined.push(line);
  }
  return joined;
}

/**
 * The sum a block names, taken out of its text: the total (該銀…), or else every gift (施銀…,
 * 捐貲…), whose word is left so that its giver stays a donor.
 */
function takeSum(text: string): { text: string; amount: string; li: number } | null {
  const total = TOTAL.exec(text);
  const totalText = total?.[1]?.replace(SPACE, "") ?? "";
  const totalLi = silverInLi(totalText);
  if (total && totalLi !== null)
    return {
      text: text.replace(total[0], total[0].includes("\n") ? "\n" : "\u3000"),
      amount: totalText,
      li: totalLi,
    };
  const gifts: string[] = [];
  let li = 0;
  const rest = text.replace(GIFT, (whole, sum: string) => {
    const amount = sum.replace(SPACE, "");
    const value = silverInLi(amount);
    if (value === null) return whole;
    gifts.push(`銀${amount}`);
    li += value;
    return `施貲${whole.includes("\n") ? "\n" : "\u3000"}`;
  });
  return gifts.length > 0 ? { text: rest, amount: gifts.join(" "), li } : null;
}

/** The fields of a colophon block, or null when it is not one. */
export function colophonFields(lines: readonly string[]): ColophonFields | null {
  if (!isColophon(lines)) return null;
  const roles = new Map<Role, string[]>();
  const remarks: string[] = [];
  let era: string | null = null;
  let year: number | null = null;
  let address: string | null = null;
  let charCount: number | null = null;
  let amount: { text: string; li: number } | null = null;
  let wish: string | null = null;
  /** A heading such as 捐貲助刻… or 捐貲眾善芳名 opens a list of donors. */
  let donorHeading = false;

  const body: string[] = [];
  for (const line of joinShortLines(lines)) {
    const dated = dateAndPlace(line);
    const usesEra = dated?.era != null && era === null;
    const usesAddress = dated?.address != null && address === null;
    if (!dated || !(usesEra || usesAddress)) {
      body.push(line);
      continue;
    }
    if (usesEra) {
      era = dated.era;
      year = dated.year;
    }
    if (usesAddress) address = dated.address;
    if (dated.rest !== "") body.push(dated.rest);
  }

  let text = body.join("\n");
  const wished = WISH.exec(text);
  if (wished) {
    wish = wished[0].replace(SPACE, "");
    text = text.replace(wished[0], "");
  }
  const counted = new RegExp(`計字(${NUMBER})[\\u3000\\s]*[箇個]?`, "u").exec(text);
  if (counted) {
    charCount = chineseNumber(counted[1] ?? "");
    text = text.replace(counted[0], "\u3000");
  }
  const sum = takeSum(text);
  if (sum) {
    amount = { text: sum.amount, li: sum.li };
    text = sum.text;
  }

  // Names run on over lines until a marker closes them; each line's run is kept apart so that a
  // marker opening a line can close the line before.
  let earlier: string[] = [];
  const unclaimed = (): void => {
    const names = earlier.join("\u3000");
    earlier = [];
    if (names.trim() === "") return;
    if (donorHeading || (!roles.has("donor") && DONOR_TITLE.test(names))) addTo(roles, "donor", names);
    else remarks.push(names.trim());
  };
  for (const line of text.split("\n")) {
    let current = "";
    let atLineStart = true;
    for (const segment of line.split(/\u3000+/u)) {
      let rest = segment.trim();
      while (rest !== "") {
        let best: { at: number; length: number; role: Role } | null = null;
        for (const [marker, role] of ROLE_MARKERS) {
          const found = marker.exec(rest);
          if (found && (best === null || found.index < best.at))
            best = { at: found.index, length: found[0].length, role };
        }
        if (!best) {
          if (NOT_A_NAME.test(rest)) remarks.push(rest);
          else current = `${current}\u3000${rest}`;
          atLineStart = false;
          break;
        }
        const before = rest.slice(0, best.at);
        rest = rest.slice(best.at + best.length);
        let names = `${current}\u3000${before}`;
        if (best.role === "donor") {
          names = `${earlier.join("\u3000")}\u3000${names}`;
          earlier = [];
        } else if (atLineStart && names.trim() === "") {
          names = earlier.pop() ?? "";
          unclaimed();
        } else unclaimed();
        current = "";
        atLineStart = false;
        if (best.role === "donor" && DONOR_HEADING.test(rest)) {
          donorHeading = true;
          remarks.push(rest);
          rest = "";
          addTo(roles, "donor", names);
        } else if (best.role === "donor" && names.trim() === "" && !roles.has("donor")) donorHeading = true;
        else if (best.role === "engraver" && before.startsWith("在") && names.trim() === before)
          address ??= before.slice(1);
        else if (NOT_A_NAME.test(names)) remarks.push(names.trim());
        else addTo(roles, best.role, names);
      }
    }
    earlier.push(current);
  }
  unclaimed();

  const joined = (role: Role) => roles.get(role)?.join(" ") ?? null;
  return {
    pubNote: lines.join("\n"),
    pubEra: era,
    pubYear: year,
    pubAddress: address,
    charCount,
    fundraiser: joined("fundraiser"),
    donor: joined("donor"),
    donateWish: wish,
    donateAmount: amount?.text ?? null,
    donateAmountLi: amount?.li ?? null,
    thousandChar: thousandCharOf(lines.join("")),
    writer: joined("writer"),
    editor: joined("editor"),
    engraver: joined("engraver"),
    director: joined("director"),
    remark: remarks.length > 0 ? remarks.map((remark) => remark.replace(SPACE, " ").trim()).join(" ") : null,
  };
}
