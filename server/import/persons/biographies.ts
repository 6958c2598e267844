/**
 * Reads the TEI biographies (corpus `persons/biographies/<collection>/*.xml`, one `<div>` each):
 * the person the biography is about (the key in its `<head>`), its paragraphs as text pieces tagged
 * with person and place keys, the CBETA line (`<lb ed="T" n="0333c16"/>`) each paragraph starts on,
 * every name form used for a person key, place names, dated phrases and the nexus points
 * (`<linkGrp>`: a line range tied to the persons, places and times mentioned there).
 * A full TEI document (the collections' wrapper files) is not a biography and is skipped.
 */
import { SaxesParser, type SaxesTagPlain } from "saxes";

/** A collection folder and the CBETA work its `lb` numbers point into. */
export type BiographyCollection = {
  folder: string;
  title: string;
  cbetaCollection: string;
  volume: number;
  work: string;
};

export const BIOGRAPHY_COLLECTIONS: readonly BiographyCollection[] = [
  { folder: "Liang_GSZ", title: "梁高僧傳", cbetaCollection: "T", volume: 50, work: "2059" },
  { folder: "biQiuNi", title: "比丘尼傳", cbetaCollection: "T", volume: 50, work: "2063" },
];

/** A piece of biography text; `person` and `place` are authority keys. */
export type TextPiece = { text: string; person: string | null; place: string | null };

export type BiographyParagraph = { firstLine: string; lastLine: string; pieces: TextPiece[] };

export type DatedPhrase = { key: string; label: string; from: string | null; to: string | null };

export type NexusPoint = {
  firstLine: string;
  lastLine: string;
  persons: string[];
  places: string[];
  times: string[];
};

export type ParsedBiography = {
  xmlId: string;
  subject: string | null;
  /** The subject's name as the title writes it. */
  subjectName: string;
  title: string;
  /** The `lb` number (`0333c16`) the title sits on. */
  titleLine: string;
  paragraphs: BiographyParagraph[];
  /** Person key → name form → times used. */
  personNames: Map<string, Map<string, number>>;
  /** Person key → its first mention's line and the number of mentions (names and references). */
  mentions: Map<string, { firstLine: string; count: number }>;
  placeNames: Map<string, Map<string, number>>;
  dates: DatedPhrase[];
  nexus: NexusPoint[];
};

export class BiographyParseError extends Error {}

const LB_RE = /^\d{4}[a-z]\d{2}$/;
const keyOfTarget = (target: string | undefined): string | null =>
  target?.startsWith("#") ? target.slice(1) : null;

const count = (map: Map<string, Map<string, number>>, key: string, form: string): void => {
  const forms = map.get(key) ?? new Map<string, number>();
  forms.set(form, (forms.get(form) ?? 0) + 1);
  map.set(key, forms);
};

type Open = { name: string; key: string | null; text: string };

/** Returns null for a file that is not a biography fragment (its root is not a `<div>`). */
export function parseBiography(xml: string): ParsedBiography | null {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const result: ParsedBiography = {
    xmlId: "",
    subject: null,
    subjectName: "",
    title: "",
    titleLine: "",
    paragraphs: [],
    personNames: new Map(),
    mentions: new Map(),
    placeNames: new Map(),
    dates: [],
    nexus: [],
  };
  let root: string | null = null;
  let line = "";
  let inHead = false;
  let paragraph: BiographyParagraph | null = null;
  let nexus: NexusPoint | null = null;
  /** Open persName, placeName, ref and date elements, innermost last. */
  const open: Open[] = [];

  const innermost = (name: string): string | null => {
    for (let i = open.length - 1; i >= 0; i--) {
      const element = open[i] as Open;
      if (element.name === name || (name === "persName" && element.name === "ref")) return element.key;
    }
    return null;
  };
  const mention = (key: string): void => {
    const seen = result.mentions.get(key);
    if (seen) seen.count++;
    else result.mentions.set(key, { firstLine: line, count: 1 });
  };

  parser.on("opentag", (tag: SaxesTagPlain) => {
    const attr = (name: string): string | undefined => {
      const value = tag.attributes[name];
      return typeof value === "string" ? value : undefined;
    };
    if (root === null) {
      root = tag.name;
      result.xmlId = attr("xml:id") ?? "";
    }
    if (root !== "div") return;
    switch (tag.name) {
      case "lb": {
        const n = attr("n") ?? "";
        if (!LB_RE.test(n)) throw new BiographyParseError(`malformed lb n="${n}" at line ${parser.line}`);
        line = n;
        if (paragraph) paragraph.lastLine = n;
        break;
      }
      case "head":
        inHead = true;
        result.titleLine = line;
        break;
      case "p":
        paragraph = { firstLine: "", lastLine: line, pieces: [] };
        break;
      case "persName": {
        const key = attr("key") ?? null;
        if (key && inHead && result.subject === null) result.subject = key;
        if (key) mention(key);
        open.push({ name: tag.name, key, text: "" });
        break;
      }
      case "ref": {
        const key = attr("type") === "person" ? keyOfTarget(attr("target")) : null;
        if (key) mention(key);
        open.push({ name: tag.name, key, text: "" });
        break;
      }
      case "placeName":
        open.push({ name: tag.name, key: attr("key") ?? null, text: "" });
        break;
      case "date": {
        const key = attr("key") ?? null;
        open.push({ name: tag.name, key, text: "" });
        if (key)
          result.dates.push({
            key,
            label: "",
            from: attr("from-iso") ?? attr("notBefore-iso") ?? attr("when-iso") ?? null,
            to: attr("to-iso") ?? attr("notAfter-iso") ?? attr("when-iso") ?? null,
          });
        break;
      }
      case "linkGrp":
        nexus = { firstLine: "", lastLine: "", persons: [], places: [], times: [] };
        break;
      case "link": {
        const [first, last] = (attr("targets") ?? "").split(/\s+/).map(keyOfTarget);
        if (nexus && first && LB_RE.test(first)) {
          nexus.firstLine = first;
          nexus.lastLine = last && LB_RE.test(last) ? last : first;
        }
        break;
      }
      case "ptr": {
        const key = keyOfTarget(attr("target"));
        const type = attr("type");
        if (!nexus || !key) break;
        if (type === "person") nexus.persons.push(key);
        else if (type === "place") nexus.places.push(key);
        else if (type === "time") nexus.times.push(key);
        break;
      }
    }
  });

  parser.on("text", (raw: string) => {
    if (root !== "div" || nexus) return;
    const text = raw.replace(/\s+/g, "");
    if (text === "") return;
    for (const element of open) element.text += text;
    if (inHead) result.title += text;
    if (!paragraph) return;
    if (paragraph.firstLine === "") paragraph.firstLine = line;
    paragraph.lastLine = line;
    const person = innermost("persName");
    const place = innermost("placeName");
    const last = paragraph.pieces.at(-1);
    if (last && last.person === person && last.place === place) last.text += text;
    else paragraph.pieces.push({ text, person, place });
  });

  parser.on("closetag", (tag) => {
    if (root !== "div") return;
    switch (tag.name) {
      case "head":
        inHead = false;
        break;
      case "p":
        if (paragraph && paragraph.pieces.length > 0) result.paragraphs.push(paragraph);
        paragraph = null;
        break;
      case "persName":
      case "ref":
      case "placeName":
      case "date": {
        const element = open.pop();
        if (!element || element.name !== tag.name)
          throw new BiographyParseError(`unbalanced <${tag.name}> at line ${parser.line}`);
        if (!element.key || element.text === "") break;
        if (tag.name === "persName") {
          count(result.personNames, element.key, element.text);
          if (inHead && element.key === result.subject && result.subjectName === "")
            result.subjectName = element.text;
        } else if (tag.name === "placeName") count(result.placeNames, element.key, element.text);
        else if (tag.name === "date") {
          const date = result.dates.findLast((d) => d.key === element.key && d.label === "");
          if (date) date.label = element.text;
        }
        break;
      }
      case "linkGrp":
        if (nexus && nexus.firstLine !== "") result.nexus.push(nexus);
        nexus = null;
        break;
    }
  });

  parser.write(xml).close();
  if (root !== "div") return null;
  if (result.titleLine === "") result.titleLine = result.paragraphs[0]?.firstLine ?? "";
  return result;
}
