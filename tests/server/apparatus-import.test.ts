/**
 * The collation apparatus the importer keeps, on SQLite and on PostgreSQL, for the Diamond Sūtra
 * (T08n0235) and the Lotus Sūtra (T09n0262): every `<app>` of the body and every `<note>` the text
 * leaves out (all but the inline and interlinear ones) is stored, as counted in the source with an
 * XML parser of its own; each lemma lies at its offsets in all four text forms; the import report
 * counts each work's places and notes; and importing a work again writes the very same rows.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { SaxesParser } from "saxes";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredApparatusEntry } from "../../contract/apparatus-witnesses.ts";
import { type ImportReport, importCanon } from "../../server/import/import-canon.ts";
import { decodeStoredEntries } from "../../server/modules/canon/apparatus-codec.ts";
import { corpusDir, xmlSources } from "../support/corpus.ts";
import { emptyDatabase, type TestDatabase, testDialects } from "../support/databases.ts";

const FORMS = ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const;
const WORKS = [
  { sutraUid: "TS0235", file: "T/T08/T08n0235.xml" },
  { sutraUid: "TS0262", file: "T/T09/T09n0262.xml" },
] as const;

type SourceCount = {
  /** Each `<app>` of the body as `n` (or its `corresp`) and whether it repeats a place. */
  apps: string[];
  /** Every `<note>` of the body but the inline and interlinear ones, and the `cf…` among them. */
  notes: number;
  crossReferences: number;
  /** The numbers those notes carry. */
  noteNumbers: Set<string>;
};

/** Counts in the source what the importer must keep, as `//body//app` and `//body//note[…]` would. */
function countSource(xml: string): SourceCount {
  const count: SourceCount = { apps: [], notes: 0, crossReferences: 0, noteNumbers: new Set() };
  const parser = new SaxesParser({ xmlns: false });
  let inBody = false;
  parser.on("opentag", (tag) => {
    const attribute = (name: string) => String(tag.attributes[name] ?? "");
    if (tag.name === "body") inBody = true;
    if (!inBody) return;
    if (tag.name === "app") {
      const n = attribute("n") || attribute("corresp").replace(/^#/, "");
      count.apps.push(`${n}${attribute("type") === "star" ? "*" : ""}`);
    }
    if (tag.name === "note" && !/\b(inline|interlinear)\b/.test(attribute("place"))) {
      count.notes++;
      if (/^cf\d*$/.test(attribute("type"))) count.crossReferences++;
      if (attribute("n")) count.noteNumbers.add(attribute("n"));
    }
  });
  parser.on("closetag", (tag) => {
    if (tag.name === "body") inBody = false;
  });
  parser.write(xml).close();
  return count;
}

/** Code points [from, to) of a text. */
const cut = (text: string, from: number, to?: number) => Array.from(text).slice(from, to).join("");

/** An entry of an `<app>`: a lemma with its witnesses, or readings; a note's own place has neither. */
const isApp = (entry: StoredApparatusEntry) => entry.lemma.witnesses.length > 0 || entry.readings.length > 0;

describe.each(testDialects())("the collation apparatus imported on %s", (dialect) => {
  let database: TestDatabase;
  let dir: string;
  let report: ImportReport;

  const importAll = () =>
    importCanon({ canon: database.canon, storage: database.storage, sources: xmlSources(dir) });
  const reelRows = (sutraUid: string) =>
    database.canon.db
      .selectFrom("reel_apparatus")
      .select(["reel_uid", "sutra_uid", "entry_count", "note_count", "entries"])
      .where("sutra_uid", "=", sutraUid)
      .orderBy("reel_uid")
      .execute();
  const fragmentRows = () =>
    database.canon.db
      .selectFrom("reading_fragment")
      .select(["reel_uid", "txt_type", "seq", "cid", "witnesses", "text", "spans", "search_text"])
      .orderBy("reel_uid")
      .orderBy("txt_type")
      .orderBy("seq")
      .execute();
  const entriesOf = async (sutraUid: string) =>
    (await reelRows(sutraUid)).map((row) => ({
      reelUid: row.reel_uid,
      entries: decodeStoredEntries(row.entries),
    }));

  beforeAll(async () => {
    dir = mkdtempSync(join(inject("workDir"), "apparatus-"));
    for (const work of WORKS) {
      const to = join(dir, work.file);
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(corpusDir(), "starter", "cbeta-p5a", work.file), to);
    }
    database = await emptyDatabase(dialect);
    report = await importAll();
  });
  afterAll(async () => {
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("imports both works without failures", () => {
    expect(report.failures).toEqual([]);
    expect(report.sutras).toBe(2);
  });

  it("keeps every <app> of the body and every note the text leaves out", async () => {
    for (const work of WORKS) {
      const source = countSource(readFileSync(join(dir, work.file), "utf8"));
      const stored = (await entriesOf(work.sutraUid)).flatMap((reel) => reel.entries);
      const apps = stored.filter(isApp).map((entry) => `${entry.n}${entry.star ? "*" : ""}`);
      expect(apps.sort(), work.file).toEqual([...source.apps].sort());
      // A note outside every <app> and of no <app>'s number is a place of its own.
      for (const entry of stored.filter((e) => !isApp(e))) {
        expect(entry.notes.length + entry.refs.length, entry.n).toBeGreaterThan(0);
        expect([entry.line, entry.offset]).toEqual([entry.end_line, entry.end_offset]);
      }
      // A repeated place shows its original's notes; the source writes them once.
      const kept = stored.filter((entry) => !entry.star);
      expect(
        kept.reduce((n, e) => n + e.notes.length + e.refs.length, 0),
        work.file,
      ).toBe(source.notes);
      expect(
        kept.reduce((n, e) => n + e.refs.length, 0),
        work.file,
      ).toBe(source.crossReferences);
      const numbers = new Set(stored.map((entry) => entry.n));
      expect([...source.noteNumbers].filter((n) => !numbers.has(n))).toEqual([]);

      const rows = await reelRows(work.sutraUid);
      expect(rows.reduce((n, row) => n + row.note_count, 0)).toBe(source.notes);
      expect(rows.reduce((n, row) => n + row.entry_count, 0)).toBe(stored.length);
      expect(report.apparatus.works).toContainEqual({
        sutra_uid: work.sutraUid,
        file: work.file,
        places: stored.length,
        notes: source.notes,
      });
    }
    const diamond = countSource(readFileSync(join(dir, WORKS[0].file), "utf8"));
    expect([diamond.apps.length, diamond.notes, diamond.crossReferences]).toEqual([31, 71, 6]);
    expect(report.apparatus.places).toBe(report.apparatus.works.reduce((n, w) => n + w.places, 0));
    expect(report.apparatus.notes).toBe(report.apparatus.works.reduce((n, w) => n + w.notes, 0));
  });

  it("places every lemma at its offsets in each of the four text forms", async () => {
    let checked = 0;
    for (const work of WORKS) {
      for (const { reelUid, entries } of await entriesOf(work.sutraUid)) {
        const lines = await database.canon.db
          .selectFrom("line")
          .select(["page_uid", "line_no", ...FORMS])
          .where("reel_uid", "=", reelUid)
          .orderBy("reel_seq")
          .execute();
        const at = new Map(lines.map((line, index) => [`${line.page_uid}.${line.line_no}`, index]));
        for (const entry of entries) {
          const first = at.get(entry.line);
          const last = at.get(entry.end_line);
          expect(first, entry.line).toBeDefined();
          expect(last, entry.end_line).toBeGreaterThanOrEqual(first ?? 0);
          for (const form of FORMS) {
            let text = "";
            for (let i = first ?? 0; i <= (last ?? -1); i++) {
              const line = lines[i]?.[form] ?? "";
              text += cut(line, i === first ? entry.offset : 0, i === last ? entry.end_offset : undefined);
            }
            expect(text, `${reelUid} ${entry.n} ${form}`).toBe(entry.lemma.text[form]);
          }
          if (entry.lemma.text.std_txt !== "") checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(900);
  });

  it("keeps the Diamond Sūtra's 應云何, read 云何應 in the Ming edition", async () => {
    const [reel] = await entriesOf("TS0235");
    const entry = reel?.entries.find((e) => e.n === "0748028");
    expect(entry).toMatchObject({
      star: false,
      line: "TS_8_748c.28",
      offset: 9,
      end_line: "TS_8_748c.28",
      end_offset: 12,
      lemma: { witnesses: ["大"], text: { std_txt: "應云何", sim_txt: "应云何" } },
      readings: [{ witnesses: ["明"], text: { std_txt: "云何應", sim_txt: "云何应" } }],
    });
    expect(entry?.notes.map((note) => note.text.std_txt)).toEqual([
      "應云何＝云何應【明】",
      "應云何【大】，云何應【明】",
    ]);
  });

  it("writes the same rows when the works are imported again", async () => {
    const before = {
      reels: [...(await reelRows("TS0235")), ...(await reelRows("TS0262"))],
      fragments: await fragmentRows(),
    };
    expect(before.fragments.length).toBeGreaterThan(0);
    await database.canon.db
      .updateTable("sutra")
      .set({ source_hash: "imported before" })
      .where(
        "uid",
        "in",
        WORKS.map((w) => w.sutraUid),
      )
      .execute();
    const again = await importAll();
    expect(again).toMatchObject({ sutras: 2, failures: [] });
    expect(again.apparatus).toEqual(report.apparatus);
    expect([...(await reelRows("TS0235")), ...(await reelRows("TS0262"))]).toEqual(before.reels);
    expect(await fragmentRows()).toEqual(before.fragments);
  });
});
