/**
 * How `reel_apparatus.entries` holds a reel's StoredApparatusEntry list: one JSON array of tuples,
 * a text's four forms as one string when they are the same, else as [ori, uni, std, sim] with
 * null for a form that reads as the one before it. The whole Taishō has half a million places;
 * objects with their keys and four copies of every text would weigh more than the canon's text.
 */
import type { ApparatusNoteKind, StoredApparatusEntry } from "../../../contract/apparatus-witnesses.ts";
import type { TextForms } from "../../../contract/text-forms.ts";

type StoredText = string | [string, string | null, string | null, string | null];

type EntryTuple = [
  n: string,
  star: 0 | 1,
  line: string,
  offset: number,
  /** "" when the lemma ends in the line it starts in. */
  endLine: string,
  endOffset: number,
  lemmaWitnesses: string,
  lemma: StoredText,
  readings: [witnesses: string, text: StoredText, resp: string][],
  notes: [kind: ApparatusNoteKind, resp: string, text: StoredText][],
  refs: [kind: string, target: string][],
];

function packText(forms: TextForms): StoredText {
  const { ori_txt: ori, uni_txt: uni, std_txt: std, sim_txt: sim } = forms;
  if (uni === ori && std === ori && sim === ori) return ori;
  return [ori, uni === ori ? null : uni, std === uni ? null : std, sim === std ? null : sim];
}

function unpackText(text: StoredText): TextForms {
  if (typeof text === "string") return { ori_txt: text, uni_txt: text, std_txt: text, sim_txt: text };
  const [ori, uniOrSame, stdOrSame, simOrSame] = text;
  const uni = uniOrSame ?? ori;
  const std = stdOrSame ?? uni;
  return { ori_txt: ori, uni_txt: uni, std_txt: std, sim_txt: simOrSame ?? std };
}

const words = (list: readonly string[]): string => list.join(" ");
const unwords = (text: string): string[] => (text === "" ? [] : text.split(" "));

export function encodeStoredEntries(entries: readonly StoredApparatusEntry[]): string {
  const tuples: EntryTuple[] = entries.map((entry) => [
    entry.n,
    entry.star ? 1 : 0,
    entry.line,
    entry.offset,
    entry.end_line === entry.line ? "" : entry.end_line,
    entry.end_offset,
    words(entry.lemma.witnesses),
    packText(entry.lemma.text),
    entry.readings.map((r) => [words(r.witnesses), packText(r.text), r.resp]),
    entry.notes.map((note) => [note.kind, note.resp, packText(note.text)]),
    entry.refs.map((ref) => [ref.kind, ref.target]),
  ]);
  return JSON.stringify(tuples);
}

export function decodeStoredEntries(json: string): StoredApparatusEntry[] {
  return (JSON.parse(json) as EntryTuple[]).map(
    ([n, star, line, offset, endLine, endOffset, lemmaWitnesses, lemma, readings, notes, refs]) => ({
      n,
      star: star === 1,
      line,
      offset,
      end_line: endLine === "" ? line : endLine,
      end_offset: endOffset,
      lemma: { witnesses: unwords(lemmaWitnesses), text: unpackText(lemma) },
      readings: readings.map(([witnesses, text, resp]) => ({
        witnesses: unwords(witnesses),
        text: unpackText(text),
        resp,
      })),
      notes: notes.map(([kind, resp, text]) => ({ kind, resp, text: unpackText(text) })),
      refs: refs.map(([kind, target]) => ({ kind, target })),
    }),
  );
}
