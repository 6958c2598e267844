import * as OpenCC from "opencc-js";

/**
 * OpenCC conversion as opencc-js's Converter does it, from the same tables: the normalization
 * chain, then the conversion chain, each dictionary group one pass of longest matches. The import
 * converts every line of the canon twice and opencc-js's own passes were most of that time; here
 * a match's first char is found by an array index instead of a Map, and a text with nothing to
 * convert comes back as it is.
 */

type DictLike = string | readonly (readonly [string, string])[];

export type ConversionConfig = {
  normalizationChain?: readonly (readonly DictLike[])[];
  conversionChain: readonly (readonly DictLike[])[];
};

/** An OpenCC configuration by name (`tw2t`, `t2s`, …) as opencc-js ships it. */
export function openccConfig(name: string): ConversionConfig {
  const configs = (OpenCC.Locale.configs ?? {}) as Record<string, ConversionConfig | undefined>;
  const config = configs[name];
  if (!config) throw new Error(`opencc-js has no ${name} configuration`);
  return config;
}

/** A dictionary's entries: `from to|from to` or pairs. */
export function* dictEntries(dict: DictLike): Generator<readonly [string, string]> {
  if (typeof dict !== "string") {
    yield* dict;
    return;
  }
  for (const entry of dict.split("|")) {
    const [from, to] = entry.split(" ");
    if (from !== undefined && to !== undefined) yield [from, to];
  }
}

type TrieNode = { value: string | undefined; next: Map<number, TrieNode> | null };

/** Ideographic description characters and how many parts follow each. */
function descriptionArity(codePoint: number): number {
  if (codePoint >= 0x2ff0 && codePoint <= 0x2ff1) return 2;
  if (codePoint >= 0x2ff2 && codePoint <= 0x2ff3) return 3;
  if (codePoint >= 0x2ff4 && codePoint <= 0x2fff) return 2;
  return 0;
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

const unitsOf = (text: string, at: number): number => ((text.codePointAt(at) as number) > 0xffff ? 2 : 1);

/** Where an ideographic description sequence starting at `at` ends; 0 if none starts there. */
function descriptionEnd(text: string, at: number): number {
  const arity = descriptionArity(text.codePointAt(at) as number);
  if (arity === 0) return 0;
  let end = at + unitsOf(text, at);
  for (let part = 0; part < arity; part++) {
    if (end >= text.length) return 0;
    const inner = descriptionEnd(text, end);
    end = inner || end + unitsOf(text, end);
  }
  return end;
}

/** One dictionary group: the first dictionary's entry wins a shared key, a later entry of one dictionary an earlier. */
class ConversionPass {
  /** 1 for a code unit that starts an entry (an astral char's high surrogate): most chars start none. */
  private readonly starts = new Uint8Array(0x10000);
  /** The entries a BMP char starts, by its code unit. */
  private readonly bmp: (TrieNode | undefined)[] = new Array(0x10000).fill(undefined);
  private readonly astral = new Map<number, TrieNode>();

  constructor(group: readonly DictLike[]) {
    for (const dict of [...group].reverse()) for (const [from, to] of dictEntries(dict)) this.add(from, to);
  }

  private add(from: string, to: string): void {
    let node: TrieNode | undefined;
    for (const char of from) {
      const codePoint = char.codePointAt(0) as number;
      if (!node) {
        node = codePoint < 0x10000 ? this.bmp[codePoint] : this.astral.get(codePoint);
        if (!node) {
          node = { value: undefined, next: null };
          if (codePoint < 0x10000) this.bmp[codePoint] = node;
          else this.astral.set(codePoint, node);
          this.starts[char.charCodeAt(0)] = 1;
        }
        continue;
      }
      node.next ??= new Map();
      let next = node.next.get(codePoint);
      if (!next) {
        next = { value: undefined, next: null };
        node.next.set(codePoint, next);
      }
      node = next;
    }
    if (node) node.value = to;
  }

  convert(text: string): string {
    const n = text.length;
    let out = "";
    let plainFrom = 0;
    const starts = this.starts;
    for (let at = 0; at < n; ) {
      const unit = text.charCodeAt(at);
      if (starts[unit] === 0 && (unit < 0x2ff0 || unit > 0x2fff)) {
        at += unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(at + 1)) ? 2 : 1;
        continue;
      }
      const codePoint = text.codePointAt(at) as number;
      let node = codePoint < 0x10000 ? this.bmp[codePoint] : this.astral.get(codePoint);
      let end = 0;
      let value = "";
      if (node) {
        let next = at + (codePoint > 0xffff ? 2 : 1);
        if (node.value !== undefined) {
          end = next;
          value = node.value;
        }
        while (node.next !== null && next < n) {
          const following = text.codePointAt(next) as number;
          const deeper: TrieNode | undefined = node.next.get(following);
          if (!deeper) break;
          node = deeper;
          next += following > 0xffff ? 2 : 1;
          if (node.value !== undefined) {
            end = next;
            value = node.value;
          }
        }
      }
      if (end > 0) {
        if (plainFrom < at) out += text.slice(plainFrom, at);
        out += value;
        at = end;
        plainFrom = end;
      } else {
        const description = descriptionEnd(text, at);
        at = description > at ? description : at + (codePoint > 0xffff ? 2 : 1);
      }
    }
    if (plainFrom === 0) return text;
    return out + text.slice(plainFrom);
  }
}

/** A converter for the named configuration (one without segmentation, as `tw2t` and `t2s` are). */
export function openccConverter(name: string): (text: string) => string {
  const config = openccConfig(name);
  if ((config as { segmentation?: unknown }).segmentation)
    throw new Error(`OpenCC configuration ${name} segments its text: not supported here`);
  const passes = [...(config.normalizationChain ?? []), ...config.conversionChain].map(
    (group) => new ConversionPass(group),
  );
  return (text) => {
    let out = text;
    for (const pass of passes) out = pass.convert(out);
    return out;
  };
}
