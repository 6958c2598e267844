/**
 * The edition catalogues and the placing of scanned pages in their sutras: the corpus's catalogues
 * read in both header forms with names in both scripts, and the rule start <= (volume, page) <= end
 * over volumes of one number (藏_册_页) and of two (藏_经_卷_页).
 */
import { describe, expect, it } from "vitest";
import { createTextFormConverter } from "../../contract/text-forms.ts";
import { readEditionCatalogue, sutraPlacer } from "../../server/import/edition-catalogue.ts";
import { loadGaiji } from "../../server/import/gaiji.ts";
import { resolveCanonSources } from "../../server/import/import-canon.ts";
import { corpusDir } from "../support/corpus.ts";

const span = (uid: string, start: [string, number], end: [string, number]) => ({
  uid,
  tripitaka_uid: uid.slice(0, 2),
  start_volume: start[0],
  start_page: start[1],
  end_volume: end[0],
  end_page: end[1],
});

describe("placing a page in its sutra", () => {
  const place = sutraPlacer([
    span("JS1540", ["JS_100", 863], ["JS_99", 332]),
    span("JS1541", ["JS_100", 333], ["JS_100", 834]),
    span("JS1542", ["JS_100", 835], ["JS_101", 1282]),
    span("JS1543", ["JS_101", 1282], ["JS_101", 1400]),
    span("JS2255", ["JS_219", 739], ["JS_220", 0]),
    span("GL0008", ["GL_8_1", 1], ["GL_8_7", 22]),
  ]);

  it.each([
    ["JS_100_527", "JS1541"],
    ["JS_100_333", "JS1541"],
    ["JS_100_834", "JS1541"],
    ["JS_100_835", "JS1542"],
    ["JS_101_5", "JS1542"],
    // Shared by the sutra that ends on it and the one that begins on it: the one beginning.
    ["JS_101_1282", "JS1543"],
    ["JS_100_332", null],
    ["JS_101_1401", null],
    ["JS_99_900", null],
    ["JS_219_739", "JS2255"],
    ["JS_220_1", null],
    ["GL_8_5_10", "GL0008"],
    ["GL_8_7_22", "GL0008"],
    ["GL_8_7_23", null],
    ["GL_9_1_1", null],
    ["QL_24_17", null],
    ["not a page", null],
  ])("%s lies in %s", (pageUid, sutraUid) => {
    expect(place(pageUid)).toBe(sutraUid);
  });
});

describe("the corpus's edition catalogues", () => {
  const sources = resolveCanonSources(corpusDir());
  const converter = createTextFormConverter(loadGaiji(sources.gaijiDir).forms);
  const metadataDir = sources.metadataDir ?? "";

  it("reads 径山藏's catalogue and the 高丽再雕 sample, names in both scripts", () => {
    const { rows, failures } = readEditionCatalogue(metadataDir, converter, new Set(["JS", "GL"]));
    expect(failures).toEqual([]);
    expect(rows.filter((row) => row.tripitaka_uid === "JS")).toHaveLength(2331);
    expect(rows.find((row) => row.uid === "JS1541")).toMatchObject({
      name_sim: "摩诃止观",
      name_trad: "摩訶止觀",
      start_volume: "JS_100",
      start_page: 333,
      end_volume: "JS_100",
      end_page: 834,
    });
    expect(rows.find((row) => row.uid === "GL0008")).toMatchObject({
      name_sim: "胜天王般若波罗蜜经",
      name_trad: "勝天王般若波羅蜜經",
      start_volume: "GL_8_1",
      end_volume: "GL_8_7",
    });
    expect(new Set(rows.map((row) => row.sn)).size).toBe(rows.length);
    expect(sutraPlacer(rows)("JS_100_527")).toBe("JS1541");
  });

  it("reports the rows of an edition it does not know, and keeps the rest", () => {
    const { rows, failures } = readEditionCatalogue(metadataDir, converter, new Set(["JS"]));
    expect(rows.every((row) => row.tripitaka_uid === "JS")).toBe(true);
    expect(failures).toHaveLength(9);
    expect(failures[0]).toMatchObject({ line: 2, message: "GL0001: no tripitaka GL" });
    expect(failures[0]?.file).toMatch(/sutra-sample\.csv$/);
  });
});
