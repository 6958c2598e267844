/**
 * Turns a parsed CBETA file and its catalogue entry into the rows of one sutra: the sutra, its
 * reels, lines (with the four text forms), pages and catalogue (mulu) entries.
 */

import type { StoredApparatusEntry } from "../../contract/apparatus-witnesses.ts";
import { pageUidOf, printReelUid, splitCbetaPageKey } from "../../contract/ids.ts";
import { countChars, type TextFormConverter } from "../../contract/text-forms.ts";
import type { LineTable, MuluTable, ReelTable } from "../db/schema.ts";
import { type ApparatusRows, addApparatusEntries, apparatusRows } from "./apparatus-entries.ts";
import type { AuthorityEntry } from "./authority-catalog.ts";
import type { ParsedCbetaFile } from "./cbeta-parser.ts";

export type PreparedPage = { uid: string; bookUid: string; sn: number; ouid: string; lineCount: number };

export type PreparedSutra = {
  uid: string;
  tripitakaUid: string;
  workId: string;
  nameTrad: string;
  nameSim: string;
  byline: string;
  sourceTitle: string;
  category: string | null;
  dynasty: string | null;
  authors: { name: string; authorityId: string | null }[];
  startYear: number | null;
  endYear: number | null;
  sn: number;
  charCnt: number;
  reels: ReelTable[];
  lines: LineTable[];
  pages: PreparedPage[];
  mulu: MuluTable[];
  /** The collation apparatus's rows: each reel's entries, and the witnesses' fragments. */
  apparatus: ApparatusRows;
};

const SIDE_ORDER = "abcdefghijklmnopqrstuvwxyz";

function pageSn(pageKey: string): number {
  const { number, side } = splitCbetaPageKey(pageKey);
  return number * 32 + (side ? SIDE_ORDER.indexOf(side) + 1 : 0);
}

function workSn(volume: number, workNo: string): number {
  const digits = Number.parseInt(workNo.replace(/^[A-Za-z]+/, ""), 10);
  const letter = /^[A-Za-z]/.test(workNo) ? workNo.charCodeAt(0) - 64 : 0;
  return volume * 1_000_000 + letter * 10_000 + (Number.isFinite(digits) ? digits : 0);
}

const reelName = (reelNo: number): string => `第${reelNo}卷`;

/** Converts many lines at once and falls back to line by line where a line's length changed. */
function convertLines(texts: string[], converter: TextFormConverter) {
  const joined = converter.forms(texts.join("\n"));
  const parts = {
    uni: joined.uni_txt.split("\n"),
    std: joined.std_txt.split("\n"),
    sim: joined.sim_txt.split("\n"),
  };
  const aligned =
    parts.uni.length === texts.length &&
    parts.std.length === texts.length &&
    parts.sim.length === texts.length;
  return texts.map((ori, i) => {
    if (aligned) {
      const uni = parts.uni[i] as string;
      const std = parts.std[i] as string;
      const sim = parts.sim[i] as string;
      if (uni.length === ori.length && std.length === ori.length && sim.length === ori.length) {
        return { uni, std, sim };
      }
    }
    const forms = converter.forms(ori);
    return { uni: forms.uni_txt, std: forms.std_txt, sim: forms.sim_txt };
  });
}

/** A work may span several volume files (`J31nB269`, `J32nB269`); its parts come in volume order. */
export function prepareSutra(
  parts: ParsedCbetaFile[],
  tripitakaUid: string,
  entry: AuthorityEntry | null,
  converter: TextFormConverter,
): PreparedSutra {
  const parsed = parts[0] as ParsedCbetaFile;
  const uid = `${tripitakaUid}${parsed.workNo}`;
  const forms = convertLines(
    parts.flatMap((part) => part.lines.map((line) => line.text)),
    converter,
  );

  const lines: LineTable[] = [];
  const reelStats = new Map<number, { chars: number; lines: number; first: string; last: string }>();
  const pages = new Map<string, PreparedPage>();
  const reelSeq = new Map<number, number>();
  const reelUids = new Map<number, string>();
  let formAt = 0;
  const apparatus = new Map<string, StoredApparatusEntry[]>();
  for (const part of parts) {
    const partFirstLine = lines.length;
    const pageUids = new Map<string, string>();
    for (const line of part.lines) {
      let pageUid = pageUids.get(line.pageKey);
      if (pageUid === undefined) {
        pageUid = pageUidOf(tripitakaUid, part.volume, line.pageKey);
        pageUids.set(line.pageKey, pageUid);
      }
      let reelUid = reelUids.get(line.reelNo);
      if (reelUid === undefined) {
        reelUid = printReelUid({ sutraUid: uid, reelNo: line.reelNo });
        reelUids.set(line.reelNo, reelUid);
      }
      const seq = (reelSeq.get(line.reelNo) ?? 0) + 1;
      reelSeq.set(line.reelNo, seq);
      const form = forms[formAt++] as { uni: string; std: string; sim: string };
      lines.push({
        page_uid: pageUid,
        line_no: line.lineNo,
        reel_uid: reelUid,
        reel_seq: seq,
        ori_txt: line.text,
        uni_txt: form.uni,
        std_txt: form.std,
        sim_txt: form.sim,
        para_offsets: line.paraOffsets.length > 0 ? line.paraOffsets.join(",") : null,
      });
      let stats = reelStats.get(line.reelNo);
      if (!stats) {
        stats = { chars: 0, lines: 0, first: pageUid, last: pageUid };
        reelStats.set(line.reelNo, stats);
      }
      stats.chars += countChars(line.text);
      stats.lines += 1;
      stats.last = pageUid;
      const page = pages.get(pageUid);
      if (page) page.lineCount = Math.max(page.lineCount, line.lineNo);
      else {
        pages.set(pageUid, {
          uid: pageUid,
          bookUid: `${tripitakaUid}_${part.volume}`,
          sn: pageSn(line.pageKey),
          ouid: `${part.volumeLabel}n${part.workNo}_p${line.pageKey}`,
          lineCount: line.lineNo,
        });
      }
    }
    addApparatusEntries(apparatus, part.apparatus, lines.slice(partFirstLine), converter);
  }

  const reels: ReelTable[] = [...reelStats.entries()]
    .sort(([a], [b]) => a - b)
    .map(([reelNo, stats]) => ({
      uid: printReelUid({ sutraUid: uid, reelNo }),
      sutra_uid: uid,
      reel_no: reelNo,
      name_trad: reelName(reelNo),
      name_sim: reelName(reelNo),
      char_cnt: stats.chars,
      line_count: stats.lines,
      first_page_uid: stats.first,
      last_page_uid: stats.last,
    }));

  const mulu: MuluTable[] = [];
  const openAtLevel: number[] = [];
  parts
    .flatMap((part) => part.mulu.map((entry) => ({ ...entry, part })))
    .forEach((entry, sn) => {
      openAtLevel.length = Math.min(openAtLevel.length, entry.level - 1);
      const parent = openAtLevel[entry.level - 2];
      openAtLevel[entry.level - 1] = sn;
      const label = converter.forms(entry.label);
      mulu.push({
        sutra_uid: uid,
        sn,
        parent_sn: parent ?? null,
        level: entry.level,
        type: entry.type,
        label_trad: label.std_txt,
        label_sim: label.sim_txt,
        reel_uid: printReelUid({ sutraUid: uid, reelNo: entry.reelNo }),
        page_uid: pageUidOf(tripitakaUid, entry.part.volume, entry.pageKey),
        line_no: entry.lineNo,
      });
    });

  const nameTrad = entry?.title ?? parsed.headerTitle.replace(/^.*No\.\s*\S+\s*/, "");
  return {
    uid,
    tripitakaUid,
    workId: `${parsed.collection}${parsed.workNo}`,
    nameTrad,
    nameSim: converter.simplify(nameTrad),
    byline: entry?.byline ?? parsed.headerAuthor,
    sourceTitle: parsed.headerTitle,
    category: entry?.category ?? null,
    dynasty: entry?.dynasty ?? null,
    authors: (entry?.contributors ?? []).map((c) => ({ name: c.name, authorityId: c.id ?? null })),
    startYear: entry?.time_from ?? null,
    endYear: entry?.time_to ?? null,
    sn: workSn(parsed.volume, parsed.workNo),
    charCnt: reels.reduce((n, r) => n + r.char_cnt, 0),
    reels,
    lines,
    pages: [...pages.values()],
    mulu,
    apparatus: apparatusRows({ uid, tripitakaUid }, apparatus, lines),
  };
}
