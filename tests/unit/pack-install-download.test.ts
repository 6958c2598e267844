/**
 * The download manager installing from a pack the plan names: device A packs TS0262 (two forms and
 * its pages) and TS0251 with their search index; a small HTTP server serves that pack with Range.
 * A plan for TS0262's texts without pages is then downloaded from the pack, reading only the parts
 * it needs and asking the canon server for nothing, into exactly the rows the item-by-item
 * download stores, searchable at once. A pack that is not served or does not match its sum falls
 * back to the items; a connection lost half-way resumes from the parts already written.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfflinePlan, PlanPack } from "../../contract/offline.ts";
import { downloadIdOf } from "../../contract/offline-library.ts";
import type { PackManifest, PackPart } from "../../contract/pack.ts";
import type { SearchRequest } from "../../contract/search.ts";
import { readPackManifest } from "../../src/offline/packs/manifest.ts";
import { fileSource } from "../../src/offline/packs/source.ts";
import type { VariantData } from "../../workers/search/api.ts";
import { type CanonServer, startCanonServer } from "./offline-reading-rows.ts";
import {
  type Device,
  download,
  libraryContents,
  managerOf,
  newDevice,
  type PackServer,
  packOfLibrary,
  planOf,
  servePacks,
  variantsOf,
} from "./pack-install-fixture.ts";

const VERSION = "ts-canon-v1";
const PLAN_BODY = {
  scope: { kind: "sutra" as const, sutra_uid: "TS0262" },
  txt_types: ["std_txt" as const, "sim_txt" as const],
  with_pages: false,
};
const QUERIES: SearchRequest[] = [
  { keyword: "菩薩", search_mode: "exact" },
  { keyword: "世尊", search_mode: "fuzzy", txt_type: "sim_txt" },
];

let server: CanonServer;
let origin: string;
let packs: PackServer;
let variants: VariantData;
let manifest: PackManifest;
let packRef: PlanPack;
let plan: OfflinePlan;
let reference: Device;
let contentsRef: Record<string, unknown[]>;
/** Requests the canon server answered over HTTP. */
const requests: string[] = [];

const withPack = (pack: Partial<PlanPack>): OfflinePlan => ({
  ...plan,
  canon_version: VERSION,
  pack: { ...packRef, ...pack },
});

/** The parts a list of `first-last` ranges read. */
const partsRead = (ranges: readonly string[]): PackPart[] =>
  manifest.parts.filter((part) => ranges.includes(`${part.offset}-${part.offset + part.bytes - 1}`));

beforeAll(async () => {
  server = await startCanonServer();
  server.app.addHook("onRequest", async (request) => {
    requests.push(request.url);
  });
  origin = await server.app.listen({ port: 0, host: "127.0.0.1" });
  variants = await variantsOf(server);
  const a = newDevice();
  const lotus = await download(a, origin, await planOf(server, "TS", { ...PLAN_BODY, with_pages: true }));
  const heart = await download(
    a,
    origin,
    await planOf(server, "TS", {
      scope: { kind: "sutra", sutra_uid: "TS0251" },
      txt_types: PLAN_BODY.txt_types,
    }),
  );
  const status = await a.engine.sync(variants);
  expect(status.reels).toBe(8);
  const index = await a.engine.exportPackIndex(await reelsOf(a));
  const written = await packOfLibrary(a.db, [lotus, heart], { canonVersions: { TS: VERSION }, index });
  const file = Object.assign(new Blob([written.bytes as BlobPart]), { name: "ts.canonpack" });
  manifest = await readPackManifest(fileSource(file), written.manifestSha256);
  packs = await servePacks(new Map([["ts.canonpack", written.bytes]]));
  packRef = {
    url: packs.url("ts.canonpack"),
    bytes: written.bytes.length,
    manifest_sha256: written.manifestSha256,
    canon_version: VERSION,
  };
  await a.engine.close();

  plan = await planOf(server, "TS", PLAN_BODY);
  reference = newDevice();
  await download(reference, origin, { ...plan, canon_version: VERSION, pack: null });
  await reference.engine.sync(variants);
  contentsRef = await libraryContents(reference.db);
}, 240_000);

afterAll(async () => {
  await reference?.engine.close();
  await packs?.close();
  await server?.close();
});

async function reelsOf(device: Device): Promise<string[]> {
  return [...new Set((await device.db.reelTexts.toCollection().primaryKeys()).map(([reel]) => reel))];
}

describe("a download from the pack its plan names", () => {
  it("reads only the parts it needs and stores the rows the items would, searchable once synced", async () => {
    const h = newDevice();
    packs.ranges.clear();
    requests.length = 0;
    const id = await download(h, origin, withPack({}), { search: h.engine });
    expect(requests).toEqual([]);
    const read = partsRead(packs.ranges.get("ts.canonpack") ?? []);
    const wanted = new Set((await h.db.downloadItems.toArray()).map((item) => item.key));
    expect(read.filter((part) => part.kind !== "index" && !part.keys.some((k) => wanted.has(k)))).toEqual([]);
    expect(read.some((part) => part.kind === "page")).toBe(false);
    expect(read.filter((part) => part.kind === "reel_text").length).toBeGreaterThan(0);
    // The search reads texts from the library: the index's copies of them are never fetched.
    expect(read.filter((part) => part.index === "texts")).toEqual([]);
    expect(manifest.parts.some((part) => part.kind === "page")).toBe(true);

    expect(await libraryContents(h.db)).toEqual(contentsRef);
    expect(await h.db.downloads.get(id)).toMatchObject({ canon_version: VERSION, pack: null });
    // The pack's segment holds reels this download leaves out: the sync after it indexes the seven.
    expect((await h.engine.sync(variants)).work).toMatchObject({ indexed: 7, dropped: 0 });
    expect(await h.engine.status()).toMatchObject({ reels: 7 });
    for (const request of QUERIES) {
      const scope = { tripitakaUid: "TS", groups: [] };
      const expected = await reference.engine.search(scope, request);
      expect(expected.ok && expected.result.total).toBeGreaterThan(0);
      expect(await h.engine.search(scope, request)).toEqual(expected);
    }
    expect((await h.engine.sync(variants)).work).toMatchObject({ indexed: 7, dropped: 0 });
    await h.engine.close();
  });

  it.each([
    ["is not served", () => withPack({ url: packs.url("missing.canonpack") })],
    ["does not match its manifest's sum", () => withPack({ manifest_sha256: "0".repeat(64) })],
    ["is of another canon version than the plan", () => ({ ...withPack({}), canon_version: "ts-canon-v2" })],
  ])("falls back to the items when the pack %s", async (_what, planned) => {
    const f = newDevice();
    requests.length = 0;
    const id = await download(f, origin, planned());
    expect(requests.some((url) => url.startsWith("/v1/offline/reels"))).toBe(true);
    expect(await f.db.downloads.get(id)).toMatchObject({ pack: null });
    expect(await libraryContents(f.db)).toEqual(contentsRef);
    await f.engine.close();
  });

  it("resumes from the parts written when the connection is lost half-way", async () => {
    const g = newDevice();
    packs.ranges.clear();
    packs.dropFrom(7);
    const first = managerOf(g, origin, { search: g.engine });
    const started = await first.start(withPack({}));
    await first.settled(started.id);
    const stopped = await g.db.downloads.get(started.id);
    expect(stopped?.status).toBe("downloading");
    const done = new Set(stopped?.pack?.parts_done ?? []);
    expect(done.size).toBeGreaterThan(0);
    expect(await g.db.reelTexts.count()).toBeLessThan(14);

    packs.dropFrom(null);
    packs.ranges.clear();
    requests.length = 0;
    const second = managerOf(g, origin, { search: g.engine });
    await second.resumeAll();
    expect(await g.db.downloads.get(started.id)).toMatchObject({ status: "complete", pack: null });
    expect(requests).toEqual([]);
    const again = partsRead(packs.ranges.get("ts.canonpack") ?? []);
    expect(again.filter((part) => done.has(part.id))).toEqual([]);
    expect(await libraryContents(g.db)).toEqual(contentsRef);
    expect(downloadIdOf("TS", PLAN_BODY.scope)).toBe(started.id);
    await g.engine.close();
  });
});
