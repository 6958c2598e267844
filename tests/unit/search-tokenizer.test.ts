import { describe, expect, it } from "vitest";
import { conversionOf, createKeywordReader, termHits } from "../../contract/search-keyword.ts";
import {
  createSearchFolding,
  findHits,
  hitPattern,
  NON_SEARCH_CLASS,
  normalizeSearchText,
  phraseBigrams,
  searchChars,
  searchTokens,
  searchTokenText,
  variantPairsOfGaiji,
} from "../../contract/search-tokenizer.ts";
import { createTextFormConverter } from "../../contract/text-forms.ts";

const pua = (n: number) => String.fromCodePoint(0xf0000 + n);
const gaijiRows = [
  { pua: 0xf0001, uni_char: "欵", norm_char: "款" },
  { pua: 0xf0009, uni_char: null, norm_char: "凡" },
  { pua: 0xf000a, uni_char: null, norm_char: null },
];
const folding = createSearchFolding(variantPairsOfGaiji(gaijiRows));
const read = createKeywordReader(folding);

describe("searchable text", () => {
  it("drops punctuation, spaces, symbols and note brackets but keeps the note's text", () => {
    expect(normalizeSearchText("如是我聞：一時，佛在（舍衛國）　祇樹▆園。「善哉」")).toBe(
      "如是我聞一時佛在舍衛國祇樹園善哉",
    );
  });

  it("keeps letters and digits, lower-casing ASCII, and supplementary chars whole", () => {
    const found = searchChars(`Om 𤦲${pua(9)} 3，`);
    expect(found.chars).toEqual(["o", "m", "𤦲", pua(9), "3"]);
    expect(found.offsets).toEqual([0, 1, 3, 5, 8]);
  });

  it("normalises and tokenises whole texts the same way as char by char", () => {
    const samples = ["如是我聞：一時，佛在（舍衛國）", `AbC 𤦲${pua(9)}，x\u0001y\tz`, "", "。", "佛"];
    for (const sample of samples) {
      const { chars } = searchChars(sample);
      expect(normalizeSearchText(sample)).toBe(chars.join(""));
      expect(searchTokenText(normalizeSearchText(sample))).toBe(searchTokens(chars).join(" "));
    }
  });

  it("normalises as the class of dropped chars says, emoji, astral punctuation and ZWSP included", () => {
    const dropped = new RegExp(NON_SEARCH_CLASS, "gu");
    const samples = [
      "A😀B𝄞c\u200b\u00a0é",
      "\u{1F600}佛\u{F0009}",
      "ÀZaz09",
      "\uD840",
      "x\uD840y",
      "\uDC00說",
    ];
    for (let unit = 0; unit < 0x3000; unit += 97) samples.push(String.fromCharCode(unit, unit + 1, 0x4f5b));
    for (const sample of samples)
      expect(normalizeSearchText(sample), JSON.stringify(sample)).toBe(
        sample.replace(dropped, "").replace(/[A-Z]+/g, (upper) => upper.toLowerCase()),
      );
  });

  it("makes one token per char: the bigram starting there, the last char alone", () => {
    expect(searchTokens(["般", "若", "心", "經"])).toEqual(["般若", "若心", "心經", "經"]);
    expect(searchTokens(["佛"])).toEqual(["佛"]);
    expect(searchTokens([])).toEqual([]);
    expect(phraseBigrams(["心", "經"])).toEqual(["心經"]);
  });

  it("finds a term in raw text across punctuation and line breaks, as the index reads it", () => {
    const pattern = hitPattern([["菩"], ["薩", "萨"]]);
    const text = "諸菩，\u0001薩；菩萨。菩提";
    expect([...text.matchAll(pattern)].map((m) => [m.index, m[1]])).toEqual([
      [1, "菩，\u0001薩"],
      [6, "菩萨"],
    ]);
    expect([..."哈哈哈".matchAll(hitPattern([["哈"], ["哈"]]))].map((m) => m.index)).toEqual([0, 1]);
    expect([..."Om mani".matchAll(hitPattern([["o"], ["m"]]))].map((m) => m[1])).toEqual(["Om"]);
  });

  it("finds every place a term starts, overlapping ones too", () => {
    expect(findHits(Array.from("哈哈哈一哈哈"), Array.from("哈哈"))).toEqual([0, 1, 4]);
    expect(findHits(Array.from("南無阿彌陀佛"), Array.from("彌陀"))).toEqual([3]);
    expect(findHits(Array.from("佛"), Array.from("佛陀"))).toEqual([]);
  });
});

describe("folding", () => {
  it("joins traditional, standard and simplified forms", () => {
    for (const group of ["眾衆众", "為爲为", "於于", "說説说", "薩萨"]) {
      const [first, ...rest] = Array.from(group);
      for (const ch of rest) expect(folding.foldChar(ch), ch).toBe(folding.foldChar(first as string));
      expect(folding.members(first as string)).toEqual(expect.arrayContaining(Array.from(group)));
    }
    expect(folding.foldChar("佛")).not.toBe(folding.foldChar("法"));
  });

  it("joins the gaiji variants and private-use chars with their normalised forms", () => {
    expect(variantPairsOfGaiji(gaijiRows)).toEqual([
      [pua(1), "欵"],
      ["欵", "款"],
      [pua(9), "凡"],
    ]);
    expect(folding.foldChar("欵")).toBe(folding.foldChar("款"));
    expect(folding.foldChar(pua(9))).toBe(folding.foldChar("凡"));
    expect(folding.foldChar(pua(10))).toBe(pua(10));
  });

  it("folds a compatibility ideograph with its unified form", () => {
    expect(folding.foldChar("\u{2F86B}")).toBe(folding.foldChar("嬾"));
  });

  it("folds the four text forms of a line to the same text", () => {
    const converter = createTextFormConverter(new Map([[0xf0009, { uni: null, norm: "凡" }]]));
    const lines = [
      "眾生為說法，乃至裡面著衣群集",
      `於是舍利弗白佛言${pua(9)}夫欵待`,
      "乾闥婆、人才、執著、吃飯、台上",
    ];
    for (const line of lines) {
      const forms = Object.values(converter.forms(line)).map((text) => folding.fold(searchChars(text).chars));
      for (const form of forms) expect(form).toEqual(forms[0]);
    }
  });
});

describe("keywords", () => {
  const query = (keyword: string, extra: Partial<Parameters<typeof read>[0]> = {}) =>
    read({ keyword, search_mode: "exact", txt_type: "std_txt", trans_mode: "uni2default", ...extra });

  it("picks the conversion from the text type unless one is given", () => {
    expect(conversionOf("uni2default", "std_txt")).toBe("uni2std");
    expect(conversionOf("uni2default", "sim_txt")).toBe("uni2sim");
    expect(conversionOf("uni2default", "ori_txt")).toBe("none");
    expect(conversionOf("uni2default", "uni_txt")).toBe("none");
    expect(conversionOf("uni2sim", "std_txt")).toBe("uni2sim");
  });

  it("reads an exact keyword as one phrase, converted to the text type", () => {
    expect(query("众生 说法").terms).toEqual([{ chars: Array.from("衆生說法"), folded: null }]);
    expect(query("眾生為").terms[0]?.chars.join("")).toBe("衆生爲");
    expect(query("衆生說法", { txt_type: "sim_txt" }).terms[0]?.chars.join("")).toBe("众生说法");
    expect(query("众生", { trans_mode: "none" }).terms[0]?.chars.join("")).toBe("众生");
  });

  it("matches a keyword starting with = as typed", () => {
    expect(query("=众生").terms[0]?.chars.join("")).toBe("众生");
  });

  it("splits a fuzzy keyword into folded terms and drops terms without searchable chars", () => {
    const plan = query("众生  如來 ，", { search_mode: "fuzzy" });
    expect(plan.terms.map((t) => t.chars.join(""))).toEqual(["衆生", "如來"]);
    expect(plan.terms[0]?.folded).toEqual(folding.fold(Array.from("眾生")));
    expect(query("。！", { search_mode: "fuzzy" }).terms).toEqual([]);
  });

  it("finds fuzzy terms through folding and exact ones only as written", () => {
    const text = searchChars("眾生說法，衆生说法").chars;
    const fuzzy = query("众生说法", { search_mode: "fuzzy" });
    expect(termHits(fuzzy, text, folding.fold(text))).toEqual([[0, 4]]);
    expect(termHits(query("衆生說法"), text, null)).toEqual([[]]);
    expect(termHits(query("=衆生说法"), text, null)).toEqual([[4]]);
  });
});
