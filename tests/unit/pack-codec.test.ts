import { describe, expect, it } from "vitest";
import {
  checkHeader,
  PACK_TRAILER_BYTES,
  PackError,
  parseManifest,
  readTrailer,
  sha256Hex,
  verifyPart,
} from "../../contract/pack.ts";
import { createPackWriter, partBytes, partRows } from "../../contract/pack-codec.ts";

async function writeSample(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const writer = await createPackWriter({ write: async (bytes) => void chunks.push(bytes) });
  await writer.addJson(
    { kind: "sutra", keys: ["sutra:JS0001"], item_bytes: [0] },
    { rows: [{ uid: "JS0001", name: "般若波羅蜜多心經" }] },
  );
  await writer.addBytes(
    { kind: "blob", keys: ["blob:/storage/a.jpg"], item_bytes: [3], content_type: "image/jpeg" },
    new Uint8Array([1, 2, 3]),
  );
  await writer.finish({
    made_by: "device",
    created_at: 0,
    canon_versions: { JS: "0123456789abcdef" },
    downloads: [],
    index: null,
  });
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

const manifestOf = (pack: Uint8Array) => {
  checkHeader(pack);
  const { offset, bytes } = readTrailer(pack.subarray(pack.length - PACK_TRAILER_BYTES), pack.length);
  return parseManifest(new TextDecoder().decode(pack.subarray(offset, offset + bytes)), offset);
};

describe("pack layout", () => {
  it("reads back what was written, part by part, each part checked by its sha256", async () => {
    const pack = await writeSample();
    const manifest = manifestOf(pack);
    expect(manifest.parts.map((p) => [p.kind, p.encoding])).toEqual([
      ["sutra", "gzip"],
      ["blob", "identity"],
    ]);
    const [rows, blob] = manifest.parts;
    if (!rows || !blob) throw new Error("parts missing");
    const stored = pack.subarray(rows.offset, rows.offset + rows.bytes);
    await verifyPart(rows, stored);
    expect((await partRows(rows, stored)).rows).toEqual([{ uid: "JS0001", name: "般若波羅蜜多心經" }]);
    const file = pack.subarray(blob.offset, blob.offset + blob.bytes);
    expect([...(await partBytes(blob, file))]).toEqual([1, 2, 3]);
    expect(blob.sha256).toBe(await sha256Hex(new Uint8Array([1, 2, 3])));
  });

  it("refuses a changed byte, a cut file and a file that is no pack", async () => {
    const pack = await writeSample();
    const manifest = manifestOf(pack);
    const part = manifest.parts[0];
    if (!part) throw new Error("part missing");
    const changed = pack.slice(part.offset, part.offset + part.bytes);
    changed[5] = (changed[5] ?? 0) ^ 0xff;
    await expect(verifyPart(part, changed)).rejects.toMatchObject({ code: "PACK_CHECKSUM" });
    const cut = pack.subarray(0, pack.length - 10);
    expect(() => readTrailer(cut.subarray(cut.length - PACK_TRAILER_BYTES), cut.length)).toThrow(PackError);
    expect(() => checkHeader(new TextEncoder().encode("PK\u0003\u0004 a zip file"))).toThrow(/pack/);
  });

  it("refuses a newer format with the format named", async () => {
    const pack = await writeSample();
    const { offset, bytes } = readTrailer(pack.subarray(pack.length - PACK_TRAILER_BYTES), pack.length);
    const json = JSON.parse(new TextDecoder().decode(pack.subarray(offset, offset + bytes)));
    expect(() => parseManifest(JSON.stringify({ ...json, format: 2 }), offset)).toThrow(/format 2/);
  });
});
