/**
 * A tripitaka's first import: its texts go into a database that holds none of its pages yet.
 * While no two lines written share a place (page and line number), every line is stored as it was
 * prepared, so nothing need be read back: on PostgreSQL the lines go in by COPY instead of an
 * upsert, each sutra's search entries are made from its prepared lines, the texts of the reels
 * are kept for the search index built after the import, and the char census is counted as the
 * lines go in.
 *
 * A place written twice (a work found twice; a blank line that opens a file on a line the
 * previous work printed) is upserted as on any later import, and from then on the tripitaka's
 * stored lines may differ from the prepared ones: its later sutras are written the usual way and
 * its census and reel texts are read from the database.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { hasPages } from "../modules/canon/reading-repository.ts";
import { readReelTexts } from "../modules/search/index-writer.ts";
import type { ReadReelTexts } from "../modules/search/posting-segments.ts";
import type { IndexedReel } from "../modules/search/reel-texts.ts";
import { CharCounter } from "./char-types/char-census.ts";
import { type LineColumns, pageOfLine } from "./line-rows.ts";

/** UTF-16 code units of reel texts kept for the index at most (about 512 MiB); later ones are read back. */
const MAX_KEPT_UNITS = 256 * 2 ** 20;

class FirstImportOfTripitaka {
  /** Line numbers written, by page. */
  private readonly places = new Map<string, Set<number>>();
  readonly census = new CharCounter();
  /** Texts of reels kept for the index, and their UTF-16 code units. */
  readonly texts = new Map<string, IndexedReel>();
  keptUnits = 0;
  private stillExact = true;

  /** False once a place was written twice, or lines other than the texts' went in. */
  get exact(): boolean {
    return this.stillExact;
  }

  storedLinesMayDiffer(): void {
    this.stillExact = false;
    this.dropTexts();
  }

  dropTexts(): void {
    this.texts.clear();
    this.keptUnits = 0;
  }

  /** Whether none of the lines' places was written before, nor twice among them. */
  placesFree(lines: LineColumns): boolean {
    const own = new Map<string, Set<number>>();
    for (let i = 0; i < lines.count; i++) {
      const pageUid = pageOfLine(lines, i);
      const lineNo = lines.lineNo[i] as number;
      if (this.places.get(pageUid)?.has(lineNo)) return false;
      const numbers = own.get(pageUid) ?? new Set<number>();
      if (numbers.has(lineNo)) return false;
      own.set(pageUid, numbers.add(lineNo));
    }
    return true;
  }

  record(lines: LineColumns): void {
    for (let i = 0; i < lines.count; i++) {
      const pageUid = pageOfLine(lines, i);
      const numbers = this.places.get(pageUid) ?? new Set<number>();
      this.places.set(pageUid, numbers.add(lines.lineNo[i] as number));
    }
    this.census.add(lines.texts.ori_txt.joined);
  }
}

/** How one sutra's lines are written. */
export type LinePlan = {
  /** No place of the lines holds a line: they are stored as prepared. */
  placesFree: boolean;
  /** The sutra's reels from its prepared lines, when they are stored as prepared. */
  reelTexts?: Map<string, IndexedReel>;
};

export class FirstImports {
  private readonly tripitakas = new Map<string, FirstImportOfTripitaka | null>();

  /** Whether the tripitaka's import is a first one: asked once per tripitaka, before its first sutra. */
  async begin(db: Kysely<Database>, tripitakaUid: string): Promise<void> {
    if (this.tripitakas.has(tripitakaUid)) return;
    const first = !(await hasPages(db, tripitakaUid));
    this.tripitakas.set(tripitakaUid, first ? new FirstImportOfTripitaka() : null);
  }

  /** `reelTexts`: the sutra's reels from its prepared lines. */
  plan(tripitakaUid: string, lines: LineColumns, reelTexts: Map<string, IndexedReel>): LinePlan {
    const first = this.tripitakas.get(tripitakaUid);
    if (!first?.exact) return { placesFree: false };
    if (!first.placesFree(lines)) {
      first.storedLinesMayDiffer();
      return { placesFree: false };
    }
    return { placesFree: true, reelTexts };
  }

  /**
   * After the sutra's transaction is committed. `keepTexts`: its reels' texts are wanted by the
   * index built after the import.
   */
  written(tripitakaUid: string, lines: LineColumns, plan: LinePlan, keepTexts: boolean): void {
    const first = this.tripitakas.get(tripitakaUid);
    if (!first?.exact || !plan.placesFree) return;
    first.record(lines);
    if (!keepTexts || !plan.reelTexts) return;
    let kept = 0;
    for (const other of this.tripitakas.values()) kept += other?.keptUnits ?? 0;
    for (const [uid, reel] of plan.reelTexts) {
      const units = reel.text.ori.length + reel.text.std.length + reel.text.sim.length;
      if (kept + units > MAX_KEPT_UNITS) return;
      kept += units;
      first.keptUnits += units;
      first.texts.set(uid, reel);
    }
  }

  /** Reel texts for the index: the kept ones, the others read from the stored lines. */
  readonly readTexts: ReadReelTexts = async (db, reelUids) => {
    const found = new Map<string, IndexedReel>();
    const missing: string[] = [];
    for (const uid of reelUids) {
      const kept = this.exactText(uid);
      if (kept) found.set(uid, kept);
      else missing.push(uid);
    }
    if (missing.length > 0) for (const [uid, reel] of await readReelTexts(db, missing)) found.set(uid, reel);
    return found;
  };

  private exactText(reelUid: string): IndexedReel | undefined {
    for (const first of this.tripitakas.values()) {
      const reel = first?.texts.get(reelUid);
      if (reel) return reel;
    }
    return undefined;
  }

  /** Other lines went in (a scan's columns): the census is read from the database. */
  otherLinesWritten(tripitakaUid: string): void {
    this.tripitakas.get(tripitakaUid)?.storedLinesMayDiffer();
  }

  /** Lets the kept reel texts go, once the index is built. */
  dropTexts(): void {
    for (const first of this.tripitakas.values()) first?.dropTexts();
  }

  /** The char census of each tripitaka whose every line went in as prepared. */
  censuses(): Map<string, () => Map<string, number>> {
    const censuses = new Map<string, () => Map<string, number>>();
    for (const [uid, first] of this.tripitakas)
      if (first?.exact) censuses.set(uid, () => first.census.toMap());
    return censuses;
  }
}
