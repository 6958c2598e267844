/**
 * A pack of the starter canon's 径山藏 (JS) built by the server, on SQLite and on PostgreSQL, read
 * back as a device reads it: every part verified, its rows the very JSON the routes the
 * item-by-item download calls answer, its items and their bytes the plan's, its scans and font
 * subsets as served, and its search index decoding into segments that find its reels.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Apparatus } from "../../contract/apparatus.ts";
import { envelope } from "../../contract/envelope.ts";
import { byCodePoint } from "../../contract/font-chars.ts";
import { type OfflinePlan, offlinePlanResult } from "../../contract/offline.ts";
import { type ReelTextRow, type StoredPage, storedBytes } from "../../contract/offline-library.ts";
import type { PackPart } from "../../contract/pack.ts";
import { partJson, partRows } from "../../contract/pack-codec.ts";
import { needsPackFont } from "../../server/packs/font-chars.ts";
import { type PublishedPack, publishPack } from "../../server/packs/publish.ts";
import { selectionOfArgs } from "../../server/packs/selection.ts";
import { planItems } from "../../src/offline/library/items.ts";
import type { DocText, IndexedDoc, SavedSegment } from "../../workers/search/databases.ts";
import { INDEX_FORMAT, importSegment, phraseTerms, searchSegment } from "../../workers/search/segments.ts";
import { testDialects } from "../support/databases.ts";
import { type PackHarness, partsOf, type ReadPack, readPack, startPackApp } from "./packs-setup.ts";

const TXT_TYPES = ["std_txt", "sim_txt"] as const;

describe.each(testDialects())("a server pack of a tripitaka on %s", (dialect) => {
  let h: PackHarness;
  let published: PublishedPack;
  let file: Buffer;
  let pack: ReadPack;
  let plan: OfflinePlan;

  const get = async (url: string) => {
    const response = await h.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return (response.json() as { result: unknown }).result;
  };
  const post = async (url: string, payload: object) => {
    const response = await h.app.inject({ method: "POST", url, payload });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { result: unknown }).result;
  };
  const rowsOf = async (part: PackPart) =>
    (await partRows(part, pack.stored.get(part.id) as Uint8Array)).rows;
  const rowsOfKind = async (kind: PackPart["kind"]) => {
    const rows: unknown[] = [];
    for (const part of partsOf(pack.manifest, kind)) rows.push(...(await rowsOf(part)));
    return rows;
  };

  beforeAll(async () => {
    h = await startPackApp(dialect);
    const selection = await selectionOfArgs(h.deps.db, ["JS"]);
    published = await publishPack(h.deps, selection, {
      txtTypes: ["sim_txt", "std_txt"],
      withPages: false,
      withImages: true,
    });
    file = (await h.database.storage.get(`packs/${published.summary.name}`)) as Buffer;
    pack = await readPack(new Uint8Array(file));
    const body = { scope: { kind: "tripitaka" }, txt_types: TXT_TYPES, with_pages: true, with_images: true };
    plan = envelope(offlinePlanResult).parse(
      (await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/offline/plan", payload: body })).json(),
    ).result;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it("reads back as a device reads it, under the manifest sum and size it is registered with", () => {
    const { manifest } = pack;
    expect(pack.manifestSha256).toBe(published.summary.manifest_sha256);
    expect(file.length).toBe(published.summary.bytes);
    expect(manifest.made_by).toBe("server");
    expect(manifest.canon_versions).toEqual({ JS: plan.canon_version });
    expect(published.summary.canon_version).toBe(plan.canon_version);
    expect(manifest.downloads).toHaveLength(1);
    expect({ ...manifest.downloads[0], keys: undefined }).toEqual({
      tripitaka_uid: "JS",
      scope: { kind: "tripitaka" },
      label: plan.label,
      txt_types: ["std_txt", "sim_txt"],
      with_pages: true,
      with_images: true,
      keys: undefined,
    });
    const kinds = manifest.parts.map((part) => part.kind).filter((kind, at, all) => all[at - 1] !== kind);
    expect(kinds).toEqual([
      "tripitaka",
      "books",
      "sutra",
      "catalog",
      "reel_text",
      "page",
      "blob",
      "fonts",
      "index",
    ]);
  });

  it("lists the plan's items with the plan's bytes, and the download names them all", () => {
    const planned = new Map(planItems(plan).map((item) => [item.key, item.bytes]));
    const packed = new Map<string, number>();
    for (const part of pack.manifest.parts) {
      expect(part.item_bytes).toHaveLength(part.keys.length);
      if (part.kind === "fonts" || part.kind === "index") continue;
      for (const [at, key] of part.keys.entries()) packed.set(key, part.item_bytes[at] as number);
    }
    expect(packed).toEqual(planned);
    expect(planned.size).toBeGreaterThan(100);
    const fontKeys = partsOf(pack.manifest, "fonts").flatMap((part) => part.keys);
    const keys = pack.manifest.downloads[0]?.keys ?? [];
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys)).toEqual(new Set([...planned.keys(), ...fontKeys]));
  });

  it("holds the catalogue rows the tripitaka, book, sutra list and catalogue routes answer", async () => {
    const tripitakas = (await get("/v1/tripitaka/all")) as { uid: string }[];
    expect(await rowsOfKind("tripitaka")).toEqual([
      { uid: "JS", tripitaka: tripitakas.find((t) => t.uid === "JS") },
    ]);
    expect(JSON.stringify(await rowsOfKind("books"))).toBe(
      JSON.stringify([{ tripitaka_uid: "JS", books: await get("/v1/tripitaka/JS/catalog") }]),
    );
    const sutraUids = plan.sutras.map((s) => s.uid);
    const listed = (await post("/v1/tripitaka/JS/sutra/list", { sutra_uids: sutraUids, page_size: 100 })) as {
      list: { uid: string }[];
    };
    const sutraRows = await rowsOfKind("sutra");
    expect(JSON.stringify(sutraRows)).toBe(
      JSON.stringify(
        sutraUids.map((uid) => ({ uid, tripitaka_uid: "JS", sutra: listed.list.find((s) => s.uid === uid) })),
      ),
    );
    const catalogs = [];
    for (const uid of sutraUids)
      catalogs.push({ sutra_uid: uid, catalog: await get(`/v1/sutra/${uid}/catalog`) });
    expect(JSON.stringify(await rowsOfKind("catalog"))).toBe(JSON.stringify(catalogs));
  });

  it("holds the reel texts and pages the batch reads answer, as the download stores them", async () => {
    const reelUids = plan.reels.map((r) => r.uid);
    const answered = (await post("/v1/offline/reels", {
      reel_uids: reelUids,
      txt_types: TXT_TYPES,
    })) as ReelTextRow["reel"][];
    const expected = answered.map((reel) => ({
      reel_uid: reel.reel_uid,
      txt_type: reel.txt_type,
      sutra_uid: reel.sutra_uid,
      tripitaka_uid: "JS",
      reel,
      chars: reel.format.chars,
      bytes: storedBytes(reel),
    }));
    expect(JSON.stringify(await rowsOfKind("reel_text"))).toBe(JSON.stringify(expected));
    expect(expected).toHaveLength(reelUids.length * 2);

    const pageUids = plan.pages.map((p) => p.uid);
    const pages: unknown[] = [];
    for (let i = 0; i < pageUids.length; i += 50)
      pages.push(
        ...((await post("/v1/offline/pages", { page_uids: pageUids.slice(i, i + 50) })) as unknown[]),
      );
    const pageRows = (await rowsOfKind("page")) as Omit<StoredPage, "stored_at">[];
    expect(JSON.stringify(pageRows)).toBe(
      JSON.stringify(
        (pages as StoredPage["page"][]).map((page) => ({
          uid: page.uid,
          tripitaka_uid: "JS",
          book_uid: page.book_uid,
          page,
        })),
      ),
    );
    expect(pageRows.length).toBe(plan.pages.length);
  });

  it("carries each reel text's apparatus as the apparatus route answers it", async () => {
    let carried = 0;
    for (const part of partsOf(pack.manifest, "reel_text")) {
      const payload = await partRows(part, pack.stored.get(part.id) as Uint8Array);
      expect(payload.apparatus).toHaveLength(payload.rows.length);
      for (const [at, row] of (payload.rows as ReelTextRow[]).entries()) {
        const answered = (await get(
          `/v1/reel/${row.reel_uid}/apparatus?txt_type=${row.txt_type}`,
        )) as Apparatus;
        const expected = answered.entries.length > 0 ? answered : null;
        expect(JSON.stringify(payload.apparatus?.[at])).toBe(JSON.stringify(expected));
        if (expected) carried++;
      }
    }
    expect(carried).toBeGreaterThan(0);
  });

  it("holds each scan and thumbnail as served under /storage/", async () => {
    const blobs = partsOf(pack.manifest, "blob");
    expect(blobs.map((part) => part.keys[0])).toEqual(plan.files.map((f) => `blob:${f.path}`));
    expect(blobs.length).toBeGreaterThanOrEqual(2);
    for (const part of blobs) {
      const path = (part.keys[0] as string).slice("blob:".length);
      const served = await h.app.inject({ url: path });
      expect(served.statusCode).toBe(200);
      expect(Buffer.from(pack.stored.get(part.id) as Uint8Array).equals(served.rawPayload)).toBe(true);
      expect(part.content_type).toBe(served.headers["content-type"]);
      expect(part.item_bytes).toEqual([served.rawPayload.length]);
      expect(part.encoding).toBe("identity");
    }
  });

  it("holds font subsets of its rare characters, made as the font route makes them", async () => {
    const needed = new Set<string>();
    const add = (text: string) => {
      for (const char of text) if (needsPackFont(char.codePointAt(0) ?? 0)) needed.add(char);
    };
    for (const row of (await rowsOfKind("reel_text")) as ReelTextRow[])
      for (const page of row.reel.pages) for (const line of page.lines) add(line.text);
    for (const row of (await rowsOfKind("page")) as StoredPage[])
      for (const column of row.page.columns) for (const t of TXT_TYPES) add(column.text[t]);
    const fonts = partsOf(pack.manifest, "fonts");
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.map((part) => part.chars).join("")).toBe([...needed].sort(byCodePoint).join(""));
    for (const part of fonts) {
      expect(part.content_type).toBe("NotoSerifSC");
      expect(part.keys).toEqual([`fonts:NotoSerifSC:${part.chars}`]);
      const served = await h.app.inject({
        url: "/v1/tripitaka/JS/char/dynamic_font",
        query: { font_name: "NotoSerifSC", chars: part.chars ?? "" },
      });
      expect(served.statusCode).toBe(200);
      expect(Buffer.from(pack.stored.get(part.id) as Uint8Array).equals(served.rawPayload)).toBe(true);
    }
  });

  it("carries a search index folded as the server folds, whose segments find its reels", async () => {
    const pieces = partsOf(pack.manifest, "index");
    const read = <T>(part: PackPart) => partJson<T>(part, pack.stored.get(part.id) as Uint8Array);
    const of = (piece: PackPart["index"]) => pieces.filter((part) => part.index === piece);
    expect(of("variants")).toHaveLength(1);
    expect(of("docs")).toHaveLength(1);
    const variants = await read<{ hash: string; pairs: [string, string][] }>(of("variants")[0] as PackPart);
    expect(variants).toEqual(await get("/v1/search/variants"));
    const docs = await read<IndexedDoc[]>(of("docs")[0] as PackPart);
    expect(docs.map((doc) => doc.reel_uid)).toEqual(plan.reels.map((r) => r.uid));
    for (const doc of docs) expect(doc.forms).toEqual({ std_txt: 0, sim_txt: 0 });
    expect(pack.manifest.index).toEqual({ format: INDEX_FORMAT, folding: variants.hash, reels: docs.length });
    const texts: DocText[] = [];
    for (const part of of("texts")) texts.push(...(await read<DocText[]>(part)));
    expect(new Set(texts.map((t) => `${t.reel_uid}:${t.kind}`)).size).toBe(docs.length * 3);
    const segments = of("segment");
    expect(segments.length).toBeGreaterThan(0);
    for (const part of segments) {
      const segment = importSegment(await read<SavedSegment>(part));
      for (const doc of docs.filter((d) => d.segment === segment.id)) {
        const folded = texts.find((t) => t.reel_uid === doc.reel_uid && t.kind === "folded")?.text ?? "";
        const phrase = [...folded].slice(20, 24);
        expect(phrase).toHaveLength(4);
        expect(searchSegment(segment, phraseTerms(phrase))).toContain(doc.id);
      }
    }
  });
});
