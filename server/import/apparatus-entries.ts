/**
 * A sutra's parsed apparatus (cbeta-parser.ts) as the entries each reel stores
 * (contract/apparatus-witnesses.ts): places as line ids, the lemma cut from the line's own four
 * forms (so it is what the reader shows there), readings and notes converted like the lines.
 */
import {
  noteKindOf,
  readingFragments,
  type StoredApparatusEntry,
  witnessesOf,
} from "../../contract/apparatus-witnesses.ts";
import { normalizeSearchText } from "../../contract/search-tokenizer.ts";
import type { TextFormConverter, TextForms } from "../../contract/text-forms.ts";
import type { LineTable } from "../db/schema.ts";
import type { ReadingFragmentTable, ReelApparatusTable } from "../db/tables/apparatus.ts";
import { encodeStoredEntries } from "../modules/canon/apparatus-codec.ts";
import type { ParsedApparatusEntry, ParsedPlace } from "./cbeta-parser.ts";

const FORMS = ["ori_txt", "uni_txt", "std_txt", "sim_txt"] as const;
/** The forms search in readings looks through (readingsFormOf). */
const READINGS_FORMS = ["std_txt", "sim_txt"] as const;

const cidOf = (line: LineTable): string => `${line.page_uid}.${line.line_no}`;

/** Code points [from, to) of a text. */
const slice = (text: string, from: number, to?: number): string => Array.from(text).slice(from, to).join("");

function lemmaForms(lines: readonly LineTable[], start: ParsedPlace, end: ParsedPlace): TextForms {
  const forms = { ori_txt: "", uni_txt: "", std_txt: "", sim_txt: "" };
  for (let i = start.line; i <= end.line; i++) {
    const line = lines[i] as LineTable;
    for (const form of FORMS)
      forms[form] += slice(
        line[form],
        i === start.line ? start.offset : 0,
        i === end.line ? end.offset : undefined,
      );
  }
  return forms;
}

/**
 * The entries of one file, by reel uid, appended to `byReel`. `lines` are the file's prepared
 * lines, index for index with its parsed ones.
 */
export function addApparatusEntries(
  byReel: Map<string, StoredApparatusEntry[]>,
  parsed: readonly ParsedApparatusEntry[],
  lines: readonly LineTable[],
  converter: TextFormConverter,
): void {
  for (const entry of parsed) {
    const startLine = lines[entry.start.line];
    const endLine = lines[entry.end.line];
    if (!startLine?.reel_uid || !endLine) continue;
    const stored: StoredApparatusEntry = {
      n: entry.n,
      star: entry.star,
      line: cidOf(startLine),
      offset: entry.start.offset,
      end_line: cidOf(endLine),
      end_offset: entry.end.offset,
      lemma: {
        witnesses: witnessesOf(entry.lemmaWit),
        text:
          entry.lemmaText === null
            ? lemmaForms(lines, entry.start, entry.end)
            : converter.forms(entry.lemmaText),
      },
      readings: entry.readings.map((reading) => ({
        witnesses: witnessesOf(reading.wit),
        text: converter.forms(reading.text),
        resp: reading.resp,
      })),
      notes: entry.notes.map((note) => ({
        kind: noteKindOf(note.type),
        resp: note.resp,
        text: converter.forms(note.text),
      })),
      refs: entry.refs.map((ref) => ({ ...ref })),
    };
    const list = byReel.get(startLine.reel_uid);
    if (list) list.push(stored);
    else byReel.set(startLine.reel_uid, [stored]);
  }
}

export type ApparatusRows = { reels: ReelApparatusTable[]; fragments: ReadingFragmentTable[] };

/**
 * The rows a sutra's apparatus is stored in: one per reel, and its witnesses' fragments in the
 * forms search in readings looks through.
 */
export function apparatusRows(
  sutra: { uid: string; tripitakaUid: string },
  byReel: ReadonlyMap<string, StoredApparatusEntry[]>,
  lines: readonly LineTable[],
): ApparatusRows {
  const reels: ReelApparatusTable[] = [];
  const fragments: ReadingFragmentTable[] = [];
  const linesOf = new Map<string, LineTable[]>();
  for (const line of lines) {
    if (!line.reel_uid || !byReel.has(line.reel_uid)) continue;
    const list = linesOf.get(line.reel_uid);
    if (list) list.push(line);
    else linesOf.set(line.reel_uid, [line]);
  }
  for (const [reelUid, entries] of byReel) {
    reels.push({
      reel_uid: reelUid,
      sutra_uid: sutra.uid,
      entry_count: entries.length,
      note_count: entries.reduce((n, e) => n + (e.star ? 0 : e.notes.length + e.refs.length), 0),
      entries: encodeStoredEntries(entries),
    });
    const reelLines = (linesOf.get(reelUid) ?? []).sort((a, b) => (a.reel_seq ?? 0) - (b.reel_seq ?? 0));
    for (const form of READINGS_FORMS) {
      const inForm = entries.map((entry, id) => ({
        id,
        line: entry.line,
        offset: entry.offset,
        end_line: entry.end_line,
        end_offset: entry.end_offset,
        lemma: { witnesses: entry.lemma.witnesses, text: entry.lemma.text[form] },
        readings: entry.readings.map((r) => ({ witnesses: r.witnesses, text: r.text[form] })),
      }));
      const witnessLines = reelLines.map((line) => ({ cid: cidOf(line), text: line[form] }));
      readingFragments(witnessLines, inForm).forEach((fragment, seq) => {
        fragments.push({
          reel_uid: reelUid,
          txt_type: form,
          seq,
          sutra_uid: sutra.uid,
          tripitaka_uid: sutra.tripitakaUid,
          cid: fragment.cid,
          witnesses: fragment.witnesses.join(" "),
          text: fragment.text,
          spans: JSON.stringify(fragment.spans),
          search_text: normalizeSearchText(fragment.text),
        });
      });
    }
  }
  return { reels, fragments };
}
