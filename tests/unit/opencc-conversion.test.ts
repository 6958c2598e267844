import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as OpenCC from "opencc-js";
import { describe, expect, it } from "vitest";
import { dictEntries, openccConfig, openccConverter } from "../../contract/opencc-conversion.ts";
import { corpusDir } from "../support/corpus.ts";

const CONFIGS = [
  { name: "tw2t", theirs: OpenCC.Converter({ from: "tw", to: "t" }) },
  { name: "t2s", theirs: OpenCC.Converter({ from: "t", to: "cn" }) },
] as const;

/** The starter canon's text, tags stripped, in lines. */
function starterLines(): string[] {
  const lines: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".xml"))
        lines.push(
          ...readFileSync(path, "utf8")
            .replace(/<[^>]*>/g, "")
            .split("\n"),
        );
    }
  };
  walk(join(corpusDir(), "starter"));
  return lines.filter((line) => line.trim() !== "");
}

describe("OpenCC conversion", () => {
  const lines = starterLines();

  it.each(CONFIGS)("$name converts the starter canon as opencc-js does", ({ name, theirs }) => {
    const ours = openccConverter(name);
    expect(lines.length).toBeGreaterThan(10_000);
    const differing = lines.filter((line) => ours(line) !== theirs(line));
    expect(differing).toEqual([]);
  });

  it.each(CONFIGS)(
    "$name converts every entry of its tables, run together, as opencc-js does",
    ({ name, theirs }) => {
      const ours = openccConverter(name);
      const config = openccConfig(name);
      const keys: string[] = [];
      for (const group of [...(config.normalizationChain ?? []), ...config.conversionChain])
        for (const dict of group) for (const [from] of dictEntries(dict)) keys.push(from);
      expect(keys.length).toBeGreaterThan(1000);
      // Alone, run together (overlapping matches compete) and between description sequences.
      const texts = [
        ...keys,
        ...Array.from({ length: Math.ceil(keys.length / 7) }, (_, i) =>
          keys.slice(i * 7, i * 7 + 7).join(""),
        ),
      ];
      texts.push("⿰說話", "⿰木𤦲說", "⿱⿰亻言文說話", "⿰", "說⿲", "\uD840說");
      expect(texts.filter((text) => ours(text) !== theirs(text))).toEqual([]);
    },
  );

  it("gives back the text itself when nothing converts", () => {
    const text = "如是我聞";
    expect(openccConverter("tw2t")(text)).toBe(text);
  });
});
