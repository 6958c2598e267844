/**
 * Colophons (刊記, 牌記, 施刻 notes): which blocks of a text are one, and what they say. A block is
 * the text of a CBETA `cb:div type="w"` (or of lines the importer marks), one string per line.
 * Rules, each tested on real lines (tests/unit/colophon-fields.test.ts):
 *
 *   colophon   a block naming who paid for, wrote, checked or carved the blocks, or where they are
 *              kept (捐貲, 同刻, 敬刻, 募刻, …對, …書, …鐫, 藏板, 板存, 計字, 該銀); prose (a
 *              biography, epitaph, preface or postscript: sentences closed by 。) is not, even when
 *              it names a year or a printing
 *   pub_era    an era name and its year: 康熙丁亥, 天啟辛酉元年, 崇禎二年己巳, 乾隆四十九年
 *   pub_year   the Gregorian year of pub_era (reign-eras.ts)
 *   address    the place after the date, or after 板存/版存, up to 藏板, 識, 流通, …: 嘉興楞嚴寺般若堂
 *   char_count 計字三萬一千五百零四箇
 *   amount     該銀一十五兩七錢五分零三厘, kept as text, and its value in 厘
 *   roles      the names before each marker, the run since the previous one: donors before 捐貲,
 *              施貲, 同刻, 助刻, 敬刻; the fundraiser before 募刻; the editor before 對, 校, 證字;
 *              the writer before 書; the engravers before 刻, 刊, 鐫, 梓 (and 同鐫); the director
 *              before 監刻, 督刻
 *   wish       the prayer from 伏祈, 伏願, 惟願, 祈求, 更祈 on
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
  writer: string | null;
  editor: string | null;
  engraver: string | null;
  director: string | null;
  remark: string | null;
};

const SPACE = /[\s\u3000]+/gu;

const PRODUCTION =
  /捐貲|捐資|施貲|施資|捨貲|損貲|捐俸|掛資|助刻|同刻|仝刻|共刻|敬刻|敬刊|敬梓|募刻|重刊|刊行|刊刻|同鐫|鐫|梓|藏板|藏版|存板|板存|版存|板藏|計字|該銀|對稿/u;

/** A first line heading a prose piece: a postscript, preface, record, epitaph, biography. */
const PROSE_HEADING = /^(?:附文)?[^\u3000\s]{0,8}?(?:跋|序|記|銘|傳|譜|行狀|贊|頌|疏)/u;

/** Whether a block is a colophon: production wording, and not prose. */
export function isColophon(lines: readonly string[]): boolean {
  const text = lines.join("");
  if (!PRODUCTION.test(text)) return false;
  const first = lines.find((line) => line.trim() !== "")?.trim() ?? "";
  if (PROSE_HEADING.test(first) && !PRODUCTION.test(first)) return false;
  const sentences = (text.match(/。/gu) ?? []).length;
  return sentences <= 1 || text.replace(SPACE, "").length / sentences > 60;
}

const NUMBER = `[${NUMBER_CHARS}]+`;
const CYCLICAL = "[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]";
/** An era and its year, numbered, cyclical or both (an era name alone may be a temple's: 治平寺). */
const ERA = new RegExp(
  `(${ERA_NAMES.join("|")})(?:(${NUMBER})年(${CYCLICAL})?|(?:[歲藏]在)?(${CYCLICAL})(?:[歲年](?=[^${NUMBER_CHARS}]|$))?(?:(${NUMBER})年)?)`,
  "u",
);
/** Season, month and day words between a date and the place. */
const TIME_WORDS = new RegExp(
  `^(?:[歲年]|[孟仲季]?[春夏秋冬](?:月|日)?|[正臘${NUMBER_CHARS}]+月|初?[${NUMBER_CHARS}]+日|` +
    "閏|[上中下]?浣|吉旦|穀旦|吉日|良日|重陽日|佛誕日|佛成道日|僧自恣日|日|月|吉)+",
  "u",
);
const ADDRESS_END = /(?:附藏流通|附藏|附疏|藏板|藏版|存板|謹識|敬識|流通|識|重刊|刊)$/u;

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
    return { era: whole.replace(/(?<=[子丑寅卯辰巳午未申酉戌亥])[歲年]$/u, ""), year, address, rest: before };
  }
  if (kept) return { era: null, year: null, address: kept[1] ?? null, rest: compact.slice(0, kept.index) };
  return { era: null, year: null, address: compact.replace(ADDRESS_END, "") || null, rest: "" };
}

type Role = "donor" | "fundraiser" | "editor" | "writer" | "engraver" | "director";

/**
 * Role markers: a marker closes the run of names before it. The marker earliest in the text wins,
 * and at one place the first listed (捐貲刻 is a donor's, not a carver's 刻).
 */
const ROLE_MARKERS: [RegExp, Role][] = [
  [/(?:捐貲|捐資|施貲|施資|捨貲|損貲|捐俸|掛資)(?:敬|共|施|助)?(?:刻此|刻|刊刻|刊|梓|流通)?/u, "donor"],
  [/募貲|募資|募刻|募梓|募刊/u, "fundraiser"],
  [/等?(?:同|仝|共)(?:刻|刊|梓)|助刻|助板|敬刻此?|敬刊|敬梓|等?重(?:刊|刻)/u, "donor"],
  [/監刻|督刻|督梓/u, "director"],
  [/對稿|仝校|校正|較刻|校|較|證字|對/u, "editor"],
  [/書/u, "writer"],
  [/同鐫|鐫字|鐫|刊|刻|梓/u, "engraver"],
];

/** Words that name the work or a heading, not a person: they go to the remark. */
const NOT_A_NAME = /第[^　]*卷|卷[上中下]|[一二三四五六七八九十]+卷|語錄|全部|芳名|流通$|^卷[上中下]$/u;

/** A prayer runs from its opening word to the block's end, over lines. */
const WISH = /(?:伏祈|伏願|惟願|祈求|更祈|祈願|奉薦)[\s\S]*$/u;

function addTo(roles: Map<Role, string[]>, role: Role, names: string): void {
  const clean = names
    .replace(/[（）()]/gu, "\u3000")
    .replace(/^[\u3000\s]+|[\u3000\s]+$/gu, "")
    .replace(/[\u3000\s]+/gu, " ");
  if (clean === "") return;
  roles.set(role, [...(roles.get(role) ?? []), clean]);
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
  let amount: string | null = null;
  let wish: string | null = null;
  /** A first line such as 捐貲助刻… or 捐貲眾善芳名 heads a list of donors. */
  let donorHeading = false;

  const body: string[] = [];
  for (const line of lines) {
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
    text = text.slice(0, wished.index);
  }

  const counted = new RegExp(`計字(${NUMBER})[\\u3000\\s]*箇?`, "u").exec(text);
  if (counted) {
    charCount = chineseNumber(counted[1] ?? "");
    text = text.replace(counted[0], "\u3000");
  }
  const paid = /(?:該|計|共)?(銀[零〇一二三四五六七八九十百千萬兩錢分厘釐]+)/u.exec(text);
  if (paid && silverInLi(paid[1] ?? "") !== null) {
    amount = paid[1] ?? null;
    text = text.replace(paid[0], "\u3000");
  }

  // Names run on until a marker closes them; only donors' lists run on over lines.
  let earlier = "";
  const unclaimed = () => {
    if (earlier.trim() === "") return;
    if (donorHeading && !roles.has("donor")) addTo(roles, "donor", earlier);
    else remarks.push(earlier.trim());
    earlier = "";
  };
  for (const line of text.split("\n")) {
    let current = "";
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
          break;
        }
        const before = rest.slice(0, best.at);
        rest = rest.slice(best.at + best.length);
        if (best.role !== "donor") unclaimed();
        const names = `${earlier}\u3000${current}\u3000${before}`;
        earlier = "";
        current = "";
        if (best.role === "donor" && names.trim() === "" && !roles.has("donor")) donorHeading = true;
        else if (best.role === "engraver" && before.startsWith("在") && names.trim() === before)
          address ??= before.slice(1);
        else if (NOT_A_NAME.test(names)) remarks.push(names.trim());
        else addTo(roles, best.role, names);
      }
    }
    earlier = `${earlier}\u3000${current}`;
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
    donateAmount: amount,
    donateAmountLi: amount === null ? null : silverInLi(amount),
    writer: joined("writer"),
    editor: joined("editor"),
    engraver: joined("engraver"),
    director: joined("director"),
    remark: remarks.length > 0 ? remarks.map((remark) => remark.replace(SPACE, " ").trim()).join(" ") : null,
  };
}
