/**
 * The collation apparatus of a CBETA file as cbeta-parser.ts meets it: `<app>` with its `<lem>`
 * (the text the line keeps) and `<rdg>`s (kept aside), and the notes that are not printed inline
 * (the Taishō footnotes `type="orig"`, CBETA's `mod`/`add`, cross-references `cf1`, `cf2` …).
 * The parser tells it where it is (`place`) and how deep in skipped text, and hands it all text.
 */
import type { SaxesTagPlain } from "saxes";

/** A place in the parsed lines: an index into `lines` and a code point offset in its text. */
export type ParsedPlace = { line: number; offset: number };

/** One `<app>` (its lemma's place, readings and notes), or a note that belongs to none. */
export type ParsedApparatusEntry = {
  n: string;
  star: boolean;
  start: ParsedPlace;
  end: ParsedPlace;
  /** The lemma's `wit` as written (`【大】`); empty for a note alone. */
  lemmaWit: string;
  /**
   * The lemma's text when the line does not keep it (an `<app>` in text the reading leaves out,
   * such as a footnote's Sanskrit or the document number); the entry is then a point.
   */
  lemmaText: string | null;
  readings: { wit: string; resp: string; text: string }[];
  notes: { type: string; resp: string; text: string }[];
  refs: { kind: string; target: string }[];
};

type ParsedNote = ParsedApparatusEntry["notes"][number];

/**
 * Text being kept aside from the line: a reading (or a lemma the line leaves out), only its own
 * text at its depth; or a note, all of its text, nested parts too.
 */
type Capture = { kind: "reading" | "note"; depth: number; text: string };

const attrOf = (tag: SaxesTagPlain, name: string): string => tag.attributes[name] ?? "";

/** A place of notes with no `<app>`: it has no lemma, only a point in the text. */
const noteAlone = (n: string, at: ParsedPlace): ParsedApparatusEntry => ({
  n,
  star: false,
  start: at,
  end: at,
  lemmaWit: "",
  lemmaText: null,
  readings: [],
  notes: [],
  refs: [],
});

export type ApparatusCollector = ReturnType<typeof apparatusCollector>;

/**
 * Collects a file's apparatus. Each `open…` is called at an element's start tag (`skipDepth`: how
 * deep in text the line leaves out, before the element's own skip is counted) and returns what to
 * do at its end tag, or undefined when the element is not part of the apparatus.
 */
export function apparatusCollector(place: () => ParsedPlace) {
  const entries: ParsedApparatusEntry[] = [];
  const openApps: ParsedApparatusEntry[] = [];
  const captures: Capture[] = [];
  /** Numbered notes, to join the `<app>` of their number when all are read. */
  const looseNotes: { n: string; at: ParsedPlace; note: ParsedNote }[] = [];

  const looseEntry = (at: ParsedPlace, n: string): ParsedApparatusEntry => {
    const entry = noteAlone(n, at);
    entries.push(entry);
    return entry;
  };

  /** The `<app>` a lemma or reading is in: the innermost open one, when it is the element's parent. */
  const parentApp = (parentName: string | undefined): ParsedApparatusEntry | undefined =>
    parentName === "app" ? openApps[openApps.length - 1] : undefined;

  /** Collects the text inside the element just opened, and hands it to `done` at its end tag. */
  const captureUntilEnd = (kind: Capture["kind"], depth: number, done: (text: string) => void) => {
    const capture: Capture = { kind, depth, text: "" };
    captures.push(capture);
    return () => {
      captures.pop();
      done(capture.text);
    };
  };

  return {
    /** Text of the file as the parser meets it, at the parser's skip depth. */
    text(text: string, skipDepth: number): void {
      const capture = captures[captures.length - 1];
      if (capture && (capture.kind === "note" || skipDepth === capture.depth)) capture.text += text;
    },

    openApp(tag: SaxesTagPlain, skipDepth: number): (() => void) | undefined {
      // Inside a reading, an `<app>` is part of that reading's text.
      if (captures.some((c) => c.kind === "reading")) return undefined;
      const n = attrOf(tag, "n") || attrOf(tag, "corresp").replace(/^#/, "");
      const entry = {
        ...noteAlone(n, place()),
        star: attrOf(tag, "type") === "star",
        lemmaText: skipDepth > 0 ? "" : null,
      };
      entries.push(entry);
      openApps.push(entry);
      return () => {
        openApps.pop();
      };
    },

    /** `parentName`: the element the lemma or reading is in (only an `<app>`'s own count). */
    openLemma(
      tag: SaxesTagPlain,
      skipDepth: number,
      parentName: string | undefined,
    ): (() => void) | undefined {
      const app = parentApp(parentName);
      if (!app) return undefined;
      app.lemmaWit = attrOf(tag, "wit");
      if (app.lemmaText !== null)
        return captureUntilEnd("reading", skipDepth, (text) => {
          app.lemmaText = text;
        });
      app.start = place();
      app.end = place();
      return () => {
        app.end = place();
      };
    },

    openReading(
      tag: SaxesTagPlain,
      skipDepth: number,
      parentName: string | undefined,
    ): (() => void) | undefined {
      const app = parentApp(parentName);
      if (!app) return undefined;
      const wit = attrOf(tag, "wit");
      const resp = attrOf(tag, "resp");
      // The reading's own text is one level deeper than here: the reading is skipped text.
      return captureUntilEnd("reading", skipDepth + 1, (text) => {
        app.readings.push({ wit, resp, text });
      });
    },

    /** A note not printed inline, wherever it is (in a reading: its cross-references). */
    openNote(tag: SaxesTagPlain, skipDepth: number): () => void {
      const at = place();
      const app = openApps[openApps.length - 1];
      const type = attrOf(tag, "type");
      const n = attrOf(tag, "n");
      const resp = attrOf(tag, "resp");
      return captureUntilEnd("note", skipDepth + 1, (captured) => {
        const text = captured.trim();
        if (/^cf\d*$/.test(type)) {
          (app ?? looseEntry(at, n)).refs.push({ kind: type, target: text });
          return;
        }
        // A numbered note belongs to the `<app>` of its number, even written inside another one.
        const note = { type, resp, text };
        if (n) looseNotes.push({ n, at, note });
        else if (app) app.notes.push(note);
        else looseEntry(at, n).notes.push(note);
      });
    },

    /** The entries in text order, numbered notes joined to their `<app>`s. */
    finish(): ParsedApparatusEntry[] {
      joinLooseNotes(entries, looseNotes);
      return entries;
    },
  };
}

/**
 * A numbered note (the Taishō footnote and CBETA's note, written before their `<app>`) joins the
 * `<app>` of its number; without one it is a place of its own. A repeated place
 * (`type="star"`) shows its original's notes.
 */
function joinLooseNotes(
  entries: ParsedApparatusEntry[],
  looseNotes: readonly { n: string; at: ParsedPlace; note: ParsedNote }[],
): void {
  const byN = new Map<string, ParsedApparatusEntry>();
  for (const entry of entries) if (!entry.star && entry.n && !byN.has(entry.n)) byN.set(entry.n, entry);
  const joined = new Map<ParsedApparatusEntry, ParsedNote[]>();
  for (const { n, at, note } of looseNotes) {
    let owner = byN.get(n);
    if (!owner) {
      owner = noteAlone(n, at);
      entries.push(owner);
      byN.set(n, owner);
    }
    const before = joined.get(owner) ?? [];
    before.push(note);
    joined.set(owner, before);
  }
  for (const [owner, notes] of joined) owner.notes = [...notes, ...owner.notes];
  for (const entry of entries)
    if (entry.star && entry.notes.length === 0) entry.notes = [...(byN.get(entry.n)?.notes ?? [])];
  const byPlace = (a: ParsedPlace, b: ParsedPlace): number => a.line - b.line || a.offset - b.offset;
  entries.sort((a, b) => byPlace(a.start, b.start));
}
