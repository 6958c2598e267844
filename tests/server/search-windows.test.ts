/**
 * The snippet windows the index tells (from the posting lists' places) and the snippets cut from
 * the lines they name alone: for every reel holding a keyword, not just a page of them, the
 * snippets equal those cut from the reel's whole text, and a run too short to hold its windows
 * leaves the reel to be read whole instead of cutting it wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKeywordReader } from "../../contract/search-keyword.ts";
import { buildSnippets, LINE_BREAK } from "../../contract/search-snippets.ts";
import {
  createSearchFolding,
  type SearchFolding,
  variantPairsOfGaiji,
} from "../../contract/search-tokenizer.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { idRangeOfSlot } from "../../server/modules/search/index-writer.ts";
import { storedLineSizes } from "../../server/modules/search/line-chars.ts";
import { CHAR_PLACES_READ } from "../../server/modules/search/posting-index.ts";
import { searchIndexOf } from "../../server/modules/search/search-index.ts";
import {
  type WindowedReel,
  windowedSnippets,
  windowRuns,
} from "../../server/modules/search/snippet-windows.ts";
import { canonDatabase, type TestDatabase } from "../support/databases.ts";
import { testDialects } from "../support/dialects.ts";
import { countIn, expectedCounts, scanTexts, wholeReelText } from "./search-scan.ts";

describe.each(testDialects())("snippet windows on %s", (dialect) => {
  let database: TestDatabase;
  let folding: SearchFolding;

  beforeAll(async () => {
    database = await canonDatabase(dialect);
    const gaiji = await database.canon.db
      .selectFrom("gaiji")
      .select(["pua", "uni_char", "norm_char"])
      .execute();
    folding = createSearchFolding(variantPairsOfGaiji(gaiji));
  });
  afterAll(() => database.dispose());

  /** Every reel of the sample Taishō holding the keyword, with its windows' runs. */
  const windowedReels = async (keyword: string, column: "std" | "sim" | "ori") => {
    const db = database.canon.db;
    const slot = await db
      .selectFrom("search_tripitaka")
      .select("slot")
      .where("uid", "=", "TS")
      .executeTakeFirstOrThrow();
    const range = idRangeOfSlot(slot.slot);
    const counted = await searchIndexOf(database.canon).count(column, [Array.from(keyword)], range);
    const { reels, hits } = counted.counts;
    const rows = await db
      .selectFrom("search_reel")
      .select(["id", "reel_uid", "line_chars"])
      .where(
        "id",
        "in",
        Array.from(reels, (reel) => range.lo + reel),
      )
      .execute();
    return rows.map((row): WindowedReel => {
      const lines = storedLineSizes(row.line_chars as Uint8Array);
      const reel = Number(row.id) - range.lo;
      return {
        reelUid: row.reel_uid,
        hits: hits[reels.indexOf(reel)] as number,
        lineCount: lines.count,
        runs: windowRuns(lines, counted.windows(reel) ?? [], column === "std" ? 0 : 1),
      };
    });
  };

  const wholeText = (reelUid: string, txtType: TxtType) => wholeReelText(database.canon.db, reelUid, txtType);

  it.each([
    ["菩", "std", "std_txt"],
    ["如是", "std", "std_txt"],
    ["菩薩", "ori", "ori_txt"],
    ["舍利弗", "std", "std_txt"],
    ["般若波羅蜜多", "std", "std_txt"],
    ["众生", "sim", "sim_txt"],
  ] as const)(
    "cuts %s in %s from the windows' lines as from the whole reel",
    async (keyword, column, txtType) => {
      const reels = await windowedReels(keyword, column);
      expect(reels.length).toBeGreaterThan(0);
      const plan = createKeywordReader(folding)({
        keyword,
        search_mode: "exact",
        trans_mode: "none",
        txt_type: txtType,
      });
      const snippets = await windowedSnippets(database.canon.db, dialect, reels, txtType, plan, folding);
      for (const reel of reels) {
        const whole = buildSnippets(await wholeText(reel.reelUid, txtType), plan, folding);
        expect(snippets.get(reel.reelUid), `${keyword} ${reel.reelUid}`).toEqual(whole.snippets);
      }
      // The windows name far fewer lines than the reels hold.
      const named = reels.reduce(
        (sum, r) => sum + r.runs.reduce((n, run) => n + run.last - run.first + 1, 0),
        0,
      );
      const held = reels.reduce((sum, r) => sum + r.lineCount, 0);
      if (keyword.length > 2) expect(named).toBeLessThan(held / 4);
    },
  );

  it("counts a char past CHAR_PLACES_READ hits from its counts alone, telling no windows", async () => {
    const db = database.canon.db;
    const texts = await scanTexts(db, "TS", "std_txt");
    const range = idRangeOfSlot(
      (
        await db
          .selectFrom("search_tripitaka")
          .select("slot")
          .where("uid", "=", "TS")
          .executeTakeFirstOrThrow()
      ).slot,
    );
    const reelNumbers = new Map(
      (await db.selectFrom("search_reel").select(["id", "reel_uid"]).execute()).map((row) => [
        Number(row.id) - range.lo,
        row.reel_uid,
      ]),
    );
    const total = (ch: string) => texts.reduce((sum, reel) => sum + countIn(reel.text, ch), 0);
    const common = ["不", "之", "是"].filter((ch) => total(ch) > CHAR_PLACES_READ);
    const rare = "菩";
    expect(common.length).toBeGreaterThan(0);
    expect(total(rare)).toBeLessThanOrEqual(CHAR_PLACES_READ);
    for (const ch of [...common, rare]) {
      const counted = await searchIndexOf(database.canon).count("std", [[ch]], range);
      const found = new Map(
        Array.from(counted.counts.reels, (reel, i) => [reelNumbers.get(reel), counted.counts.hits[i]]),
      );
      expect(found, ch).toEqual(expectedCounts(texts, [ch]));
      const first = counted.counts.reels[0] as number;
      if (ch === rare) expect(counted.windows(first)?.length, ch).toBeGreaterThan(0);
      else expect(counted.windows(first), ch).toBeUndefined();
    }
  });

  it("reads a run across blank lines as the whole reel has them", async () => {
    const db = database.canon.db;
    const reelUid = "TS0251_1";
    const lines = await db
      .selectFrom("line")
      .select(["reel_seq", "std_txt"])
      .where("reel_uid", "=", reelUid)
      .orderBy("reel_seq")
      .execute();
    const blank = lines.filter((line) => line.std_txt === "").map((line) => Number(line.reel_seq));
    expect(blank.length).toBeGreaterThan(0);
    const plan = createKeywordReader(folding)({
      keyword: "菩薩",
      search_mode: "exact",
      trans_mode: "none",
      txt_type: "std_txt",
    });
    const whole = buildSnippets(await wholeText(reelUid, "std_txt"), plan, folding);
    // One run from the first blank line to the end, and one over the whole reel.
    for (const first of [(blank[0] as number) - 1, 0]) {
      const reel: WindowedReel = {
        reelUid,
        hits: whole.hits,
        lineCount: lines.length,
        runs: [{ first, last: lines.length - 1 }],
      };
      const snippets = await windowedSnippets(db, dialect, [reel], "std_txt", plan, folding);
      const expected = buildSnippets(
        {
          text: lines
            .slice(first)
            .map((line) => line.std_txt)
            .join(LINE_BREAK),
          cids: [],
        },
        plan,
        folding,
      );
      expect(
        snippets.get(reelUid)?.map((s) => [s.text, s.highlights]),
        `from line ${first}`,
      ).toEqual(expected.snippets.map((s) => [s.text, s.highlights]));
    }
  });

  it("leaves a reel whose runs cannot hold its snippets to be read whole", async () => {
    const reels = await windowedReels("舍利弗", "std");
    const plan = createKeywordReader(folding)({
      keyword: "舍利弗",
      search_mode: "exact",
      trans_mode: "none",
      txt_type: "std_txt",
    });
    // Each run cut to its first line: the snippets' context runs past the lines read.
    const cut = reels.map((reel) => ({
      ...reel,
      runs: reel.runs.map((run) => ({ first: run.first, last: run.first })),
    }));
    const snippets = await windowedSnippets(database.canon.db, dialect, cut, "std_txt", plan, folding);
    for (const reel of cut) {
      const settled = snippets.get(reel.reelUid);
      if (settled) {
        const whole = buildSnippets(await wholeText(reel.reelUid, "std_txt"), plan, folding);
        expect(settled, reel.reelUid).toEqual(whole.snippets);
      }
    }
    expect(snippets.size).toBeLessThan(cut.length);
  });
});
