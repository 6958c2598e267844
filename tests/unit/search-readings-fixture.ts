/**
 * The Diamond sutra (T08n0235) prepared as the importer prepares it (server/import/text-preparation.ts),
 * in the two shapes search in readings reads: the server's `reading_fragment` rows with their
 * reel's names, and an offline library's rows (the sutra, its reel texts and the apparatus rows
 * storedReelApparatus makes of them), with the catalogues each side builds for the one sutra.
 */
import { join } from "node:path";
import type { Apparatus } from "../../contract/apparatus.ts";
import { type StoredApparatusEntry, witnessesInEntries } from "../../contract/apparatus-witnesses.ts";
import type { Reel, Sutra } from "../../contract/canon.ts";
import {
  type StoredReelApparatus,
  type StoredReelText,
  type StoredSutra,
  storedReelApparatus,
} from "../../contract/offline-library.ts";
import type { ReadingSutra } from "../../contract/search-readings.ts";
import type { StatKey } from "../../contract/search-results.ts";
import { type TxtType, txtTypes } from "../../contract/tripitaka.ts";
import type { LineTable } from "../../server/db/schema.ts";
import { lineRows } from "../../server/import/line-rows.ts";
import { loadPreparationContext, prepareWork } from "../../server/import/text-preparation.ts";
import { decodeStoredEntries } from "../../server/modules/canon/apparatus-codec.ts";
import type { FragmentRow, ReadingsCatalogue } from "../../server/modules/search/reading-search.ts";
import { corpusDir } from "../support/corpus.ts";

export const CATEGORY = { id: 7, name: "般若部類|般若部类" };
export const DYNASTY = { id: 3, name: "姚秦|姚秦" };
const AUTHOR = { id: 1, name: "鳩摩羅什|鸠摩罗什" };

export type DiamondFixture = {
  /** The server's rows by text form (it keeps the forms readingsFormOf gives). */
  serverRows: Map<TxtType, FragmentRow[]>;
  serverCatalogue: ReadingsCatalogue;
  sutra: StoredSutra;
  reelTexts: StoredReelText[];
  apparatus: StoredReelApparatus[];
};

const cidOf = (line: LineTable) => `${line.page_uid}.${line.line_no}`;

function reelOf(
  prepared: { uid: string; nameSim: string; nameTrad: string; byline: string },
  reel: { uid: string; reel_no: number; name_trad: string; name_sim: string },
  lines: readonly LineTable[],
  form: TxtType,
): Omit<Reel, "allText"> {
  const pages: Reel["pages"] = [];
  for (const line of lines) {
    let page = pages[pages.length - 1];
    if (page?.uid !== line.page_uid) {
      page = { uid: line.page_uid, ouid: "", cids: [], images: [], lines: [] };
      pages.push(page);
    }
    page.cids.push(cidOf(line));
    page.lines.push({ cid: cidOf(line), text: line[form], para_offsets: [] });
  }
  return {
    sutra_uid: prepared.uid,
    reel_uid: reel.uid,
    reel_no: reel.reel_no,
    name: form === "sim_txt" ? reel.name_sim : reel.name_trad,
    sutra_name: `${prepared.nameSim}|${prepared.nameTrad}`,
    dynasty_author: prepared.byline,
    txt_type: form,
    pages,
    format: { chars: 17, columns: 29 },
    prev_reel_uid: null,
    next_reel_uid: null,
    source: { title: "", availability: "", file: "" },
  };
}

function apparatusOf(reelUid: string, entries: readonly StoredApparatusEntry[], form: TxtType): Apparatus {
  const inForm = entries.map((e, id) => ({
    id,
    n: e.n,
    star: e.star,
    line: e.line,
    offset: e.offset,
    end_line: e.end_line,
    end_offset: e.end_offset,
    lemma: { witnesses: e.lemma.witnesses, text: e.lemma.text[form] },
    readings: e.readings.map((r) => ({ witnesses: r.witnesses, text: r.text[form], resp: r.resp })),
    notes: e.notes.map((n) => ({ kind: n.kind, resp: n.resp, text: n.text[form] })),
    refs: e.refs.map((r) => ({ kind: r.kind, target: r.target, canon: "", reel_uid: null, cid: null })),
  }));
  return { reel_uid: reelUid, txt_type: form, witnesses: witnessesInEntries(inForm), entries: inForm };
}

export async function diamondFixture(storedAt: number): Promise<DiamondFixture> {
  const corpus = corpusDir();
  const context = loadPreparationContext({
    gaijiDir: join(corpus, "gaiji"),
    metadataDir: join(corpus, "metadata"),
  });
  const file = join(corpus, "starter/cbeta-p5a/T/T08/T08n0235.xml");
  const prepared = prepareWork(
    { collection: "T", workNo: "0235", files: [file], shownFiles: ["T08n0235.xml"], knownHash: null },
    context,
  );
  if (prepared.kind !== "prepared") throw new Error(`T08n0235 was not prepared: ${prepared.kind}`);
  const sutra = prepared.sutra;
  const lines = lineRows(sutra.lines);
  const reels = new Map(sutra.reels.map((reel) => [reel.uid, reel]));

  const serverRows = new Map<TxtType, FragmentRow[]>(txtTypes.map((form) => [form, []]));
  for (const row of sutra.apparatus.fragments) {
    const reel = reels.get(row.reel_uid);
    if (!reel) throw new Error(`no reel ${row.reel_uid}`);
    const { reel_no, name_trad, name_sim } = reel;
    serverRows.get(row.txt_type as TxtType)?.push({ ...row, reel_no, name_trad, name_sim });
  }

  const [trad, sim] = AUTHOR.name.split("|") as [string, string];
  const authorKey: StatKey = { id: trad, name: AUTHOR.name };
  const entry: ReadingSutra = {
    uid: sutra.uid,
    sn: sutra.sn,
    startYear: sutra.startYear,
    endYear: sutra.endYear,
    nameSim: sutra.nameSim,
    nameTrad: sutra.nameTrad,
    options: { categories: [CATEGORY], dynasties: [DYNASTY], authors: [authorKey] },
  };
  const serverCatalogue: ReadingsCatalogue = {
    sutras: new Map([[sutra.uid, entry]]),
    categories: new Map([[CATEGORY.id, CATEGORY.name]]),
    dynasties: new Map([[DYNASTY.id, DYNASTY.name]]),
    authors: new Map([trad, sim, AUTHOR.name].map((name) => [name, authorKey])),
  };

  const catalogueSutra: Sutra = {
    uid: sutra.uid,
    name: `${sutra.nameSim}|${sutra.nameTrad}`,
    authors: [AUTHOR],
    dynasties: [DYNASTY],
    categories: [CATEGORY],
    actual_reel_cnt: sutra.reels.length,
    char_cnt: sutra.charCnt,
    reel_uids: sutra.reels.map((reel) => [reel.uid, reel.name_sim]),
    dynasty_author: sutra.byline,
    start_year: sutra.startYear,
    end_year: sutra.endYear,
    years: "",
    last_updated_time: storedAt,
  };
  const reelTexts: StoredReelText[] = [];
  const apparatus: StoredReelApparatus[] = [];
  for (const reel of sutra.reels) {
    const reelLines = lines
      .filter((line) => line.reel_uid === reel.uid)
      .sort((a, b) => (a.reel_seq ?? 0) - (b.reel_seq ?? 0));
    const stored = sutra.apparatus.reels.find((r) => r.reel_uid === reel.uid);
    const entries: StoredApparatusEntry[] = stored ? decodeStoredEntries(stored.entries) : [];
    for (const form of txtTypes) {
      const text = reelOf(sutra, reel, reelLines, form);
      const chars = reelLines.reduce((n, line) => n + Array.from(line[form]).length, 0);
      reelTexts.push({
        reel_uid: reel.uid,
        txt_type: form,
        sutra_uid: sutra.uid,
        tripitaka_uid: sutra.tripitakaUid,
        reel: text,
        chars,
        bytes: 1,
        stored_at: storedAt,
      });
      const row = await storedReelApparatus(
        text,
        apparatusOf(reel.uid, entries, form),
        sutra.tripitakaUid,
        storedAt,
      );
      if (row) apparatus.push(row);
    }
  }
  return {
    serverRows,
    serverCatalogue,
    sutra: { uid: sutra.uid, tripitaka_uid: sutra.tripitakaUid, sutra: catalogueSutra, stored_at: storedAt },
    reelTexts,
    apparatus,
  };
}
