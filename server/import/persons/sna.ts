/**
 * The Historical Social Network of Chinese Buddhism as converted to CSV (corpus `persons/sna/`):
 * `persons.csv` (node_id, name, dynasty, birth_year, death_year, gender_code; a year of 0 is no
 * year) and `relations.csv` (teacher_of, source the teacher; co_occurrence from biography nexus
 * points). Rows that cannot be read are counted, not guessed at.
 */

export type SnaPerson = {
  nodeId: number;
  name: string;
  /** Space-separated dynasties, e.g. "明 清"; empty when none is recorded. */
  dynasty: string;
  birthYear: number | null;
  deathYear: number | null;
  genderCode: number | null;
};

export type SnaRelationKind = "teacher_of" | "co_occurrence";

export type SnaRelation = {
  edgeId: number;
  sourceId: number;
  targetId: number;
  kind: SnaRelationKind;
  ref: string;
  timeFrom: string | null;
  timeTo: string | null;
};

/** RFC 4180 records: fields separated by commas, quoted with doubled quotes inside. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Rows as objects keyed by the header row. */
function rowsOf(text: string): Record<string, string>[] {
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ""));
  if (!header) return [];
  return records
    .filter((record) => record.length > 1 || record[0] !== "")
    .map((record) => Object.fromEntries(header.map((name, i) => [name, record[i] ?? ""])));
}

const wholeNumber = (text: string | undefined): number | null => {
  const trimmed = (text ?? "").trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
};
const year = (text: string | undefined): number | null => {
  const n = wholeNumber(text);
  return n === null || n === 0 ? null : n;
};
const time = (text: string | undefined): string | null => {
  const trimmed = (text ?? "").trim();
  return trimmed === "" || trimmed === "0" ? null : trimmed;
};

export function readSnaPersons(text: string): { persons: SnaPerson[]; skipped: number } {
  const persons: SnaPerson[] = [];
  let skipped = 0;
  for (const row of rowsOf(text)) {
    const nodeId = wholeNumber(row.node_id);
    const name = (row.name ?? "").trim();
    if (nodeId === null || nodeId <= 0 || name === "") {
      skipped++;
      continue;
    }
    const dynasty = (row.dynasty ?? "").trim();
    persons.push({
      nodeId,
      name,
      dynasty: dynasty === "tbd" ? "" : dynasty,
      birthYear: year(row.birth_year),
      deathYear: year(row.death_year),
      genderCode: wholeNumber(row.gender_code),
    });
  }
  return { persons, skipped };
}

export function readSnaRelations(text: string): { relations: SnaRelation[]; skipped: number } {
  const relations: SnaRelation[] = [];
  let skipped = 0;
  for (const row of rowsOf(text)) {
    const edgeId = wholeNumber(row.edge_id);
    const sourceId = wholeNumber(row.source_id);
    const targetId = wholeNumber(row.target_id);
    const kind = row.kind;
    if (
      edgeId === null ||
      sourceId === null ||
      targetId === null ||
      (kind !== "teacher_of" && kind !== "co_occurrence")
    ) {
      skipped++;
      continue;
    }
    relations.push({
      edgeId,
      sourceId,
      targetId,
      kind,
      ref: (row.ref ?? "").trim(),
      timeFrom: time(row.time_from),
      timeTo: time(row.time_to),
    });
  }
  return { relations, skipped };
}
