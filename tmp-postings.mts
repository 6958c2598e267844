import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import { createSearchFolding, normalizeSearchText } from "./contract/search-tokenizer.ts";
import { createFoldClasses } from "./workers/search/fold-classes.ts";
import { addToSegment, createSegment, segmentRows, bucketsOf } from "./workers/search/segments.ts";
import { entriesOf } from "./workers/search/posting-rows.ts";
import { ALONE, FORM } from "./workers/search/terms.ts";
import { foldText } from "./workers/search/texts.ts";

const files: string[] = [];
const walk = (d: string) => { for (const f of readdirSync(d)) { const p = join(d, f); if (statSync(p).isDirectory()) walk(p); else if (p.endsWith(".xml")) files.push(p); } };
walk("/tmp/canon-bench/J/J");
files.sort();
const folding = createSearchFolding([]);
const classes = createFoldClasses(folding);
const segment = createSegment(1);
let doc = 0; let chars = 0;
for (const f of files) {
  const xml = readFileSync(f, "utf8");
  const body = xml.slice(xml.indexOf("<body")).replace(/<note[^>]*>[\s\S]*?<\/note>/g, "").replace(/<[^>]+>/g, "");
  const text = normalizeSearchText(body);
  // cut into reels of ~8500 chars
  for (let at = 0; at < text.length && chars < 2_000_000; at += 8500) {
    const t = text.slice(at, at + 8500);
    const folded = foldText(t, folding);
    addToSegment(segment, ++doc, folded, [...folded].length, [{ form: 2, text: t, only: classes.learn(t) }]);
    chars += [...folded].length;
  }
  if (chars >= 2_000_000) break;
}
let total = 0, deflated = 0, keyBytes = 0, lenBytes = 0;
const kinds = new Map<string, { terms: number; bytes: number; once: number }>();
const rows = [...segmentRows(segment)];
const vsize = (n: number) => (n < 128 ? 1 : n < 16384 ? 2 : n < 2097152 ? 3 : 4);
for (const row of rows) {
  total += row.data.length;
  deflated += deflateRawSync(row.data).length;
  for (const e of entriesOf(row.data)) {
    const kind = e.y === ALONE ? "alone" : e.y >= FORM ? "form" : "bigram";
    const k = kinds.get(kind) ?? { terms: 0, bytes: 0, once: 0 };
    k.terms++; const kb = vsize(e.x) + vsize(e.y) + vsize(e.list.length); k.bytes += kb + e.list.length; keyBytes += vsize(e.x) + vsize(e.y); lenBytes += vsize(e.list.length);
    if (e.list[0] === 1) k.once++;
    kinds.set(kind, k);
  }
}
console.log({ docs: doc, chars, rows: rows.length, buckets: bucketsOf(segment), total, perChar: total / chars, deflated, ratio: deflated / total, keyBytes, lenBytes });
console.log(kinds);
