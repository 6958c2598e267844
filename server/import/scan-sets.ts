/**
 * Readers for the page-image sets of the corpus (`page-images/`). Each set has its own box format
 * and coordinate space; every reader yields the same shape: boxes in the set's coordinates, the
 * factor that scales them to the image's pixels (known once the image is read), and each char's
 * column (line) and place in it.
 *
 * The tripitaka-simple set names its pages `EX_…` while their box data names the same images
 * `JX_…` (嘉興藏, 藏_函_册_页): they are read as JX.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { isPageUid } from "../../contract/ids.ts";

export type Box = { x: number; y: number; w: number; h: number };
export type ScanChar = Box & {
  charId: string;
  blockNo: number;
  lineNo: number;
  charNo: number;
  cc: number | null;
  txt: string;
};
export type ScanColumn = Box & { columnId: string; blockNo: number; lineNo: number; txt: string };
export type ScanBlock = Box & { blockId: string; blockNo: number };

export type ScanPage = {
  set: string;
  pageUid: string;
  imageFile: string | null;
  /** Width and height of the space the boxes are given in; null when they are image pixels. */
  boxSpace: { width: number; height: number } | null;
  blocks: ScanBlock[];
  columns: ScanColumn[];
  chars: ScanChar[];
  /** The files the page was read from, hashed to tell whether it changed. */
  sourceFiles: string[];
};

const num = (v: unknown): number => (typeof v === "number" ? v : Number.parseFloat(String(v)));
const text = (v: unknown): string => (typeof v === "string" && v !== "None" ? v : "");
type Json = Record<string, unknown>;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, "utf8")) as Json;
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

function walk(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, suffix));
    else if (entry.name.endsWith(suffix)) out.push(path);
  }
  return out.sort();
}

const imageBeside = (jsonFile: string, name: string): string | null => {
  for (const ext of [".jpg", ".gif", ".png"]) {
    const file = join(jsonFile, "..", `${name}${ext}`);
    if (existsSync(file)) return file;
  }
  return null;
};

/** `char_data[]` with `ch`, `line_no`, `char_no` in image pixels (cut-demo, proofread-demo). */
function readCutFormat(set: string, file: string): ScanPage | null {
  const data = readJson(file);
  const pageUid = basename(file, ".cut.json");
  const chars = list(data.char_data).map((c) => ({
    x: num(c.x),
    y: num(c.y),
    w: num(c.w),
    h: num(c.h),
    charId: text(c.char_id) || `b${num(c.block_no ?? 1)}c${num(c.line_no)}c${num(c.char_no)}`,
    blockNo: num(c.block_no ?? 1),
    lineNo: num(c.line_no),
    charNo: num(c.char_no),
    cc: c.cc === undefined ? null : num(c.cc),
    txt: text(c.ch),
  }));
  return {
    set,
    pageUid,
    imageFile: imageBeside(file, pageUid),
    boxSpace: null,
    blocks: [],
    columns: [],
    chars,
    sourceFiles: [file],
  };
}

/**
 * `blocks`/`columns`/`chars` with hierarchical ids `b1c2c5` (char-layout, tripitaka-simple,
 * tripitaka-data, dzj-sample). Char text comes from the char (`txt`, `ocr_txt`) or else from its
 * column's text.
 */
function readBoxFormat(
  set: string,
  data: Json,
  pageUid: string,
  imageFile: string | null,
  files: string[],
): ScanPage {
  const size = (data.imgsize ?? { width: data.width, height: data.height }) as Json;
  const blocks = list(data.blocks).map((b, i) => {
    const blockNo = num(b.block_no ?? b.no ?? i + 1);
    return {
      x: num(b.x),
      y: num(b.y),
      w: num(b.w),
      h: num(b.h),
      blockId: text(b.block_id) || `b${blockNo}`,
      blockNo,
    };
  });
  const columnsById = new Map<string, ScanColumn>();
  for (const [i, c] of list(data.columns).entries()) {
    const columnId = text(c.column_id) || `b1c${i + 1}`;
    const txt = text(c.txt) || text(c.ocr_txt);
    columnsById.set(columnId, {
      x: num(c.x),
      y: num(c.y),
      w: num(c.w),
      h: num(c.h),
      columnId,
      blockNo: num(c.block_no ?? /^b(\d+)/.exec(columnId)?.[1] ?? 1),
      lineNo: columnsById.size + 1,
      txt,
    });
  }
  const chars: ScanChar[] = [];
  for (const c of list(data.chars)) {
    const charId = text(c.char_id);
    const match = /^(b(\d+)c\d+)c(\d+)$/.exec(charId);
    if (!match) continue;
    const column = columnsById.get(match[1] as string);
    if (!column) continue;
    const charNo = num(c.char_no ?? match[3]);
    chars.push({
      x: num(c.x),
      y: num(c.y),
      w: num(c.w),
      h: num(c.h),
      charId,
      blockNo: num(match[2]),
      lineNo: column.lineNo,
      charNo,
      cc: c.cc === undefined ? null : num(c.cc),
      txt: text(c.txt) || text(c.ocr_txt) || [...column.txt][charNo - 1] || "",
    });
  }
  return {
    set,
    pageUid,
    imageFile,
    boxSpace: { width: num(size.width), height: num(size.height) },
    blocks,
    columns: [...columnsById.values()],
    chars,
    sourceFiles: files,
  };
}

/** OCR output: parallel `chars_pos` ([x1,y1,x2,y2]) and `chars_text`; columns found by position. */
function readOcrFormat(set: string, file: string): ScanPage | null {
  const data = readJson(file);
  const pageUid = text(data.img_name);
  const positions = (data.chars_pos as number[][] | undefined) ?? [];
  const texts = (data.chars_text as string[] | undefined) ?? [];
  const ccs = (data.chars_cc as number[] | undefined) ?? [];
  const boxes = positions.map(([x1 = 0, y1 = 0, x2 = 0, y2 = 0], i) => ({
    x: x1,
    y: y1,
    w: x2 - x1,
    h: y2 - y1,
    txt: texts[i] ?? "",
    cc: ccs[i] ?? null,
  }));
  // Columns run right to left; a char whose centre is more than half a char width from the
  // column's centre starts the next column.
  const sorted = [...boxes].sort((a, b) => b.x + b.w / 2 - (a.x + a.w / 2) || a.y - b.y);
  const chars: ScanChar[] = [];
  let lineNo = 0;
  let centre = Number.POSITIVE_INFINITY;
  let charNo = 0;
  for (const box of sorted) {
    const boxCentre = box.x + box.w / 2;
    if (Math.abs(boxCentre - centre) > box.w / 2) {
      lineNo++;
      charNo = 0;
      centre = boxCentre;
    }
    charNo++;
    chars.push({ ...box, charId: `b1c${lineNo}c${charNo}`, blockNo: 1, lineNo, charNo });
  }
  for (const line of new Set(chars.map((c) => c.lineNo))) {
    const inLine = chars.filter((c) => c.lineNo === line).sort((a, b) => a.y - b.y);
    inLine.forEach((c, i) => {
      c.charNo = i + 1;
      c.charId = `b1c${line}c${i + 1}`;
    });
  }
  const size = data.img_size as Json;
  return {
    set,
    pageUid,
    imageFile: imageBeside(file, basename(file, ".json")),
    boxSpace: { width: num(size.width), height: num(size.height) },
    blocks: [],
    columns: [],
    chars: chars.sort((a, b) => a.lineNo - b.lineNo || a.charNo - b.charNo),
    sourceFiles: [file],
  };
}

/** Every page of every set, in set order; a page met again in a later set is left to the first. */
export function readScanSets(dir: string): ScanPage[] {
  const pages: ScanPage[] = [];
  for (const file of walk(join(dir, "cut-demo"), ".cut.json"))
    pages.push(readCutFormat("cut-demo", file) as ScanPage);
  for (const file of walk(join(dir, "proofread-demo"), ".cut.json")) {
    const page = readCutFormat("proofread-demo", file) as ScanPage;
    page.imageFile ??= imageBeside(join(dir, "cut-demo", "x.json"), page.pageUid);
    pages.push(page);
  }
  for (const file of walk(join(dir, "char-layout"), ".pos.json")) {
    const uid = basename(file, ".pos.json");
    pages.push(readBoxFormat("char-layout", readJson(file), uid, imageBeside(file, uid), [file]));
  }
  for (const file of walk(join(dir, "tripitaka-simple", "pos", "block"), ".json")) {
    const name = basename(file, ".json");
    const charFile = file.replace(`${join("pos", "block")}`, join("pos", "char"));
    const data = readJson(file);
    const withChars = existsSync(charFile) ? readJson(charFile) : null;
    const merged = withChars ? { ...data, chars: withChars.chars, columns: withChars.columns } : data;
    const uid = text(data.imgname) || name;
    const image = join(
      dir,
      "tripitaka-simple",
      `img-${name.slice(0, 2)}`,
      ...name.split("_").slice(1, -1),
      `${name}.jpg`,
    );
    const files = withChars ? [file, charFile] : [file];
    pages.push(readBoxFormat("tripitaka-simple", merged, uid, existsSync(image) ? image : null, files));
  }
  for (const file of walk(join(dir, "dzj-sample"), ".json")) {
    const data = readJson(file);
    const uid = text(data.name) || basename(file, ".json");
    pages.push(readBoxFormat("dzj-sample", data, uid, imageBeside(file, basename(file, ".json")), [file]));
  }
  for (const file of walk(join(dir, "dzj-ocr"), ".json")) {
    const page = readOcrFormat("dzj-ocr", file);
    if (page) pages.push(page);
  }
  for (const file of walk(join(dir, "tripitaka-data", "ocr-transform", "char-pos"), ".json")) {
    const data = readJson(file);
    pages.push(
      readBoxFormat("tripitaka-data", data, text(data.imgname) || basename(file, ".json"), null, [file]),
    );
  }
  const seen = new Set<string>();
  for (const page of pages) page.pageUid = page.pageUid.replace(/^EX_/, "JX_");
  return pages.filter((page) => {
    if (!isPageUid(page.pageUid) || seen.has(page.pageUid)) return false;
    seen.add(page.pageUid);
    return true;
  });
}
