/**
 * Reads which code points a TrueType/OpenType font maps to a glyph, from its `cmap` table.
 * Only the Unicode subtables of format 4 (BMP) and format 12 (full range) are read; together they
 * cover the Debian CJK fonts the server subsets, including the supplementary private-use planes.
 */

const CMAP_TAG = 0x636d6170; // "cmap"

export function readCmapCodePoints(font: Buffer): Set<number> {
  const cmap = findTable(font, CMAP_TAG);
  const codePoints = new Set<number>();
  const subtableCount = font.readUInt16BE(cmap + 2);
  const seen = new Set<number>();
  for (let i = 0; i < subtableCount; i++) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const offset = cmap + font.readUInt32BE(record + 4);
    if (!isUnicodeEncoding(platform, encoding) || seen.has(offset)) continue;
    seen.add(offset);
    const format = font.readUInt16BE(offset);
    if (format === 4) addFormat4(font, offset, codePoints);
    else if (format === 12) addFormat12(font, offset, codePoints);
  }
  return codePoints;
}

function findTable(font: Buffer, tag: number): number {
  const tableCount = font.readUInt16BE(4);
  for (let i = 0; i < tableCount; i++) {
    const record = 12 + i * 16;
    if (font.readUInt32BE(record) === tag) return font.readUInt32BE(record + 8);
  }
  throw new Error("font has no cmap table");
}

// Platform 0 is Unicode; platform 3 (Windows) encodings 1 and 10 are Unicode BMP and full range.
const isUnicodeEncoding = (platform: number, encoding: number): boolean =>
  platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));

function addFormat4(font: Buffer, table: number, into: Set<number>): void {
  const segCount = font.readUInt16BE(table + 6) / 2;
  const endCodes = table + 14;
  const startCodes = endCodes + segCount * 2 + 2;
  const idDeltas = startCodes + segCount * 2;
  const idRangeOffsets = idDeltas + segCount * 2;
  for (let s = 0; s < segCount; s++) {
    const end = font.readUInt16BE(endCodes + s * 2);
    const start = font.readUInt16BE(startCodes + s * 2);
    const delta = font.readUInt16BE(idDeltas + s * 2);
    const rangeOffsetAt = idRangeOffsets + s * 2;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (c + delta) & 0xffff;
      } else {
        // idRangeOffset counts bytes from its own position into glyphIdArray.
        glyph = font.readUInt16BE(rangeOffsetAt + rangeOffset + (c - start) * 2);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) into.add(c);
    }
  }
}

function addFormat12(font: Buffer, table: number, into: Set<number>): void {
  const groupCount = font.readUInt32BE(table + 12);
  for (let g = 0; g < groupCount; g++) {
    const group = table + 16 + g * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    const startGlyph = font.readUInt32BE(group + 8);
    for (let c = start; c <= end; c++) {
      if (startGlyph + (c - start) !== 0) into.add(c);
    }
  }
}
