/**
 * Packs as the server serves and offers them, on SQLite and on PostgreSQL: the list, the file with
 * HTTP Range (206, suffix and open ranges, 416, If-Range, HEAD), the plan's `pack` (covering only
 * the same sutras, text forms and at least the parts asked, and no longer once the canon version
 * changes), a group file as `pack:build` reads it, a newer pack replacing the older, and the packs
 * built after an import only when the canon version changed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope } from "../../contract/envelope.ts";
import { offlinePlanResult } from "../../contract/offline.ts";
import { PACK_MEDIA_TYPE, PACK_TRAILER_BYTES, readTrailer } from "../../contract/pack.ts";
import { packListResult } from "../../contract/packs.ts";
import { buildImportPacks } from "../../server/packs/import-packs.ts";
import { type PublishedPack, publishPack } from "../../server/packs/publish.ts";
import { PackSelectionError, selectionOfArgs } from "../../server/packs/selection.ts";
import { testDialects } from "../support/databases.ts";
import { accessToken, bearer, registerUser } from "./auth-setup.ts";
import { type PackHarness, startPackApp } from "./packs-setup.ts";

describe.each(testDialects())("packs served and offered on %s", (dialect) => {
  let h: PackHarness;
  let dir: string;
  let sutraPack: PublishedPack;
  let file: Buffer;
  let token: string;

  const plan = async (body: object, headers: Record<string, string> = {}) => {
    const response = await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/JS/offline/plan",
      payload: body,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return envelope(offlinePlanResult).parse(response.json()).result;
  };
  const fetchPack = (headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    h.app.inject({ method, url: sutraPack.summary.url, headers });

  beforeAll(async () => {
    h = await startPackApp(dialect);
    dir = mkdtempSync(join(tmpdir(), "pack-groups-"));
    const selection = await selectionOfArgs(h.deps.db, ["JSB470"]);
    sutraPack = await publishPack(h.deps, selection, {
      txtTypes: ["std_txt"],
      withPages: true,
      withImages: false,
    });
    file = (await h.database.storage.get(`packs/${sutraPack.summary.name}`)) as Buffer;
    await registerUser(h, { username: "packs", contact: "packs@example.org", password: "abc123" });
    token = await accessToken(h, "packs", "abc123");
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the packs it holds, by tripitaka", async () => {
    const list = async (query: Record<string, string> = {}) => {
      const response = await h.app.inject({ url: "/v1/packs", query });
      expect(response.statusCode).toBe(200);
      return envelope(packListResult).parse(response.json()).result;
    };
    expect(await list()).toEqual([sutraPack.summary]);
    expect(sutraPack.summary).toMatchObject({
      tripitaka_uid: "JS",
      scope: { kind: "sutra", sutra_uid: "JSB470" },
      txt_types: ["std_txt"],
      with_pages: true,
      with_images: false,
      sutra_count: 1,
      bytes: file.length,
    });
    expect(await list({ tripitaka_uid: "JS" })).toHaveLength(1);
    expect(await list({ tripitaka_uid: "TS" })).toEqual([]);
    expect((await h.app.inject({ url: "/v1/packs", query: { tripitaka_uid: "a b" } })).statusCode).toBe(400);
  });

  it("serves a pack whole, with its manifest sum as ETag, its type and long caching", async () => {
    const whole = await fetchPack();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(file)).toBe(true);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers.etag).toBe(`"${sutraPack.summary.manifest_sha256}"`);
    expect(whole.headers["content-type"]).toBe(PACK_MEDIA_TYPE);
    expect(whole.headers["content-length"]).toBe(String(file.length));
    expect(String(whole.headers["cache-control"])).toContain("immutable");
    expect((await fetchPack({ "if-none-match": String(whole.headers.etag) })).statusCode).toBe(304);
  });

  it("answers a range with 206 and exactly those bytes of the file", async () => {
    const size = file.length;
    for (const [range, start, end] of [
      ["bytes=100-199", 100, 199],
      [`bytes=${size - 1000}-`, size - 1000, size - 1],
      [`bytes=-${PACK_TRAILER_BYTES}`, size - PACK_TRAILER_BYTES, size - 1],
      [`bytes=8-${size * 2}`, 8, size - 1],
    ] as const) {
      const part = await fetchPack({ range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers["content-length"]).toBe(String(end - start + 1));
      expect(part.rawPayload.equals(file.subarray(start, end + 1)), range).toBe(true);
    }
    const trailer = (await fetchPack({ range: `bytes=-${PACK_TRAILER_BYTES}` })).rawPayload;
    expect(readTrailer(new Uint8Array(trailer), size).offset).toBeGreaterThan(8);
  });

  it("refuses a range past the end with 416, and honours If-Range", async () => {
    const past = await fetchPack({ range: `bytes=${file.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${file.length}`);
    expect((await fetchPack({ range: "bytes=-0" })).statusCode).toBe(416);
    const etag = `"${sutraPack.summary.manifest_sha256}"`;
    expect((await fetchPack({ range: "bytes=0-9", "if-range": etag })).statusCode).toBe(206);
    const changed = await fetchPack({ range: "bytes=0-9", "if-range": '"another"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(file.length);
  });

  it("answers HEAD with the sizes and no body", async () => {
    const head = await fetchPack({}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(file.length));
    expect(head.rawPayload.length).toBe(0);
    const part = await fetchPack({ range: "bytes=0-99" }, "HEAD");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-length"]).toBe("100");
  });

  it("answers 404 for a pack it does not hold and 400 for a name no pack has", async () => {
    expect((await h.app.inject({ url: "/v1/packs/none.canonpack" })).statusCode).toBe(404);
    expect((await h.app.inject({ url: "/v1/packs/none.zip" })).statusCode).toBe(400);
  });

  it("offers the pack in the plans it covers, and only those", async () => {
    const offered = {
      url: sutraPack.summary.url,
      bytes: file.length,
      manifest_sha256: sutraPack.summary.manifest_sha256,
      canon_version: sutraPack.summary.canon_version,
    };
    const sutra = { kind: "sutra", sutra_uid: "JSB470" };
    const covered = await plan({ scope: sutra, txt_types: ["std_txt"], with_pages: true });
    expect(covered.pack).toEqual(offered);
    expect(covered.canon_version).toBe(sutraPack.summary.canon_version);
    expect((await plan({ scope: sutra, txt_types: ["std_txt"], with_pages: false })).pack).toEqual(offered);
    expect((await plan({ scope: sutra, txt_types: ["std_txt", "sim_txt"] })).pack).toBeNull();
    expect((await plan({ scope: sutra, txt_types: ["sim_txt"] })).pack).toBeNull();
    expect((await plan({ scope: sutra, txt_types: ["std_txt"], with_images: true })).pack).toBeNull();
    expect(
      (await plan({ scope: { kind: "sutra", sutra_uid: "JSB213" }, txt_types: ["std_txt"] })).pack,
    ).toBeNull();
  });

  it("builds a group file's pack as pack:build reads it; a newer one replaces the older", async () => {
    const text = join(dir, "morning.txt");
    writeFileSync(text, "# 早课\nJSB470\n\n  JSB213   # 芝巖秀禪師語錄\n");
    const selection = await selectionOfArgs(h.deps.db, [text]);
    const sn = await h.deps.db
      .selectFrom("sutra")
      .select(["uid", "sn"])
      .where("uid", "in", ["JSB470", "JSB213"])
      .execute();
    expect(selection).toMatchObject({
      tripitakaUid: "JS",
      scope: { kind: "group", group_name: "morning" },
      label: "morning|morning",
      sutraUids: sn.sort((a, b) => a.sn - b.sn).map((row) => row.uid),
    });
    const json = join(dir, "evening.json");
    writeFileSync(json, JSON.stringify({ name: "晚课", sutra_uids: ["JSB470"] }));
    expect(await selectionOfArgs(h.deps.db, [json])).toMatchObject({
      scope: { kind: "group", group_name: "晚课" },
    });
    writeFileSync(json, "{ not json");
    await expect(selectionOfArgs(h.deps.db, [json])).rejects.toThrow(PackSelectionError);
    await expect(selectionOfArgs(h.deps.db, ["JSB470", "TS0262"])).rejects.toThrow(/one tripitaka/);
    await expect(selectionOfArgs(h.deps.db, ["JSB999"])).rejects.toThrow(/unknown sutras: JSB999/);

    const forms = { txtTypes: ["std_txt" as const], withPages: false, withImages: false };
    const first = await publishPack(h.deps, selection, forms);
    const second = await publishPack(h.deps, selection, forms);
    expect(second.replaced).toEqual([first.summary.name]);
    expect(await h.database.storage.exists(`packs/${first.summary.name}`)).toBe(false);
    expect((await h.app.inject({ url: first.summary.url })).statusCode).toBe(404);
    expect((await h.app.inject({ url: second.summary.url })).statusCode).toBe(200);

    // A reader's group of the same sutras, under another name, is covered by it.
    const auth = bearer(token);
    const group = (url: string, payload: object) =>
      h.app.inject({ method: "POST", url: `/v1/tripitaka/JS/${url}`, payload, headers: auth });
    expect((await group("sutra_group", { name: "晨课" })).statusCode).toBe(200);
    expect(
      (await group("sutra_group/add_sutras", { name: "晨课", sutra_uids: ["JSB213", "JSB470"] })).statusCode,
    ).toBe(200);
    const scope = { kind: "group", group_name: "晨课" };
    expect((await plan({ scope, txt_types: ["std_txt"], with_pages: false }, auth)).pack?.url).toBe(
      second.summary.url,
    );
    expect((await plan({ scope, txt_types: ["std_txt"], with_pages: true }, auth)).pack).toBeNull();
  });

  it("offers no pack once the canon version changes, and the import builds a new one only then", async () => {
    const importPacks = () => buildImportPacks(h.deps, { tripitakaUids: ["JS"] });
    const first = await importPacks();
    expect(first.built.map((p) => p.summary.scope)).toEqual([{ kind: "tripitaka" }]);
    expect(first.built[0]?.summary).toMatchObject({
      txt_types: ["std_txt"],
      with_pages: true,
      with_images: false,
    });
    const again = await importPacks();
    expect(again.built).toEqual([]);
    expect(again.skipped.map((s) => s.tripitaka_uid)).toEqual(["JS"]);

    const before = await plan({ scope: { kind: "sutra", sutra_uid: "JSB470" }, txt_types: ["std_txt"] });
    expect(before.pack).not.toBeNull();
    const { latest } = await h.deps.db
      .selectFrom("sutra")
      .select((eb) => eb.fn.max("updated_at").as("latest"))
      .executeTakeFirstOrThrow();
    await h.deps.db
      .updateTable("sutra")
      .set({ source_hash: "re-imported", updated_at: Number(latest) + 1 })
      .where("uid", "=", "JSB470")
      .execute();
    const after = await plan({ scope: { kind: "sutra", sutra_uid: "JSB470" }, txt_types: ["std_txt"] });
    expect(after.canon_version).not.toBe(before.canon_version);
    expect(after.pack).toBeNull();
    const rebuilt = await importPacks();
    expect(rebuilt.built.map((p) => p.summary.canon_version)).toEqual([after.canon_version]);
    expect(rebuilt.built[0]?.replaced).toEqual([first.built[0]?.summary.name]);
  });
});
