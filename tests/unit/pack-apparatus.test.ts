/**
 * Packs carry the collation apparatus beside the reel texts: the server builds a pack of the
 * Diamond Sūtra in two forms; a device installs it from a file and keeps each reel text's apparatus
 * row (the route's answer, and the witnesses' fragments the server stores for search in readings);
 * the device's export of it installs the same rows on another device; and deleting the download
 * removes them with the reel texts. The web app's `reelApparatus` call reads the same answer.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Apparatus } from "../../contract/apparatus.ts";
import { apparatusOfRow, downloadIdOf, type StoredReelApparatus } from "../../contract/offline-library.ts";
import type { TxtType } from "../../contract/tripitaka.ts";
import { buildPack } from "../../server/packs/build-pack.ts";
import { selectionOfArgs } from "../../server/packs/selection.ts";
import { reelApparatus } from "../../src/api/canon.ts";
import { deleteDownload } from "../../src/offline/library/mutations.ts";
import { exportPack } from "../../src/offline/packs/export.ts";
import { installPack } from "../../src/offline/packs/install.ts";
import { blobSink } from "../../src/offline/packs/sinks.ts";
import { fileSource } from "../../src/offline/packs/source.ts";
import { type CanonServer, startCanonServer } from "./offline-reading-rows.ts";
import { apiClient, type Device, newDevice } from "./pack-install-fixture.ts";

const FORMS: TxtType[] = ["std_txt", "sim_txt"];
const DOWNLOAD = downloadIdOf("TS", { kind: "sutra", sutra_uid: "TS0235" });

let server: CanonServer;
let origin: string;
let pack: Blob;

const deps = (device: Device) => ({
  db: device.db,
  fonts: device.fonts,
  search: device.engine,
  now: () => Date.UTC(2026, 2, 1),
});
const install = (device: Device, file: Blob) =>
  installPack(deps(device), fileSource(Object.assign(file, { name: "diamond.canonpack" })));
const rowsOf = async (device: Device) =>
  (await device.db.apparatus.toArray()).map(({ stored_at: _at, ...row }) => row);

beforeAll(async () => {
  server = await startCanonServer();
  origin = await server.app.listen({ port: 0, host: "127.0.0.1" });
  const db = server.database.canon.db;
  const sink = blobSink();
  await buildPack(
    { db, storage: server.database.storage, fonts: null, now: () => Date.UTC(2026, 2, 1) },
    await selectionOfArgs(db, ["TS0235"]),
    { txtTypes: FORMS, withPages: false, withImages: false },
    sink,
  );
  pack = sink.close();
}, 240_000);

afterAll(async () => {
  await server?.close();
}, 60_000);

describe("a pack's collation apparatus", () => {
  let device: Device;

  it("is installed beside each reel text, as the route answers it, with the server's fragments", async () => {
    device = newDevice();
    await install(device, pack);
    const texts = await device.db.reelTexts.toArray();
    expect(texts.map((text) => `${text.reel_uid}:${text.txt_type}`).sort()).toEqual([
      "TS0235_1:sim_txt",
      "TS0235_1:std_txt",
    ]);
    for (const text of texts) {
      const row = await device.db.apparatus.get([text.reel_uid, text.txt_type]);
      const answered = await server.result<Apparatus>(
        "GET",
        `/v1/reel/${text.reel_uid}/apparatus?txt_type=${text.txt_type}`,
      );
      expect(row).toMatchObject({
        reel_uid: "TS0235_1",
        txt_type: text.txt_type,
        sutra_uid: "TS0235",
        tripitaka_uid: "TS",
        stored_at: text.stored_at,
      });
      expect(row && (await apparatusOfRow(row))).toEqual(answered);
      const stored = await server.database.canon.db
        .selectFrom("reading_fragment")
        .select(["cid", "witnesses", "text", "spans"])
        .where("reel_uid", "=", text.reel_uid)
        .where("txt_type", "=", text.txt_type)
        .orderBy("seq")
        .execute();
      expect(stored.length).toBeGreaterThan(0);
      expect(
        (row as StoredReelApparatus).fragments.map(({ cid, witnesses, text: piece, spans }) => ({
          cid,
          witnesses: witnesses.join(" "),
          text: piece,
          spans: JSON.stringify(spans),
        })),
      ).toEqual(stored);
    }
    const sim = await device.db.apparatus.get(["TS0235_1", "sim_txt"]);
    const simApparatus = sim ? await apparatusOfRow(sim) : null;
    const entry = simApparatus?.entries.find((e) => e.n === "0748028");
    expect(entry?.readings[0]?.text).toBe("云何应");
    const ming = sim?.fragments.find(
      (f) => f.witnesses.includes("明") && f.entries.includes(entry?.id ?? -1),
    );
    expect(ming?.cid).toBe("TS_8_748c.28");
    const at = ming?.entries.indexOf(entry?.id ?? -1) ?? -1;
    const [from, to] = ming?.spans[at] ?? [0, 0];
    expect(ming?.text.slice(from, to)).toBe("云何应");
  });

  it("goes into the device's export and out again on another device", async () => {
    const sink = blobSink();
    await exportPack({ ...deps(device), search: undefined }, { kind: "downloads", ids: [DOWNLOAD] }, sink);
    const other = newDevice();
    await install(other, sink.close());
    expect(await rowsOf(other)).toEqual(await rowsOf(device));
    expect(await other.db.apparatus.count()).toBe(2);
  });

  it("is removed with the reel texts when the download is deleted", async () => {
    await deleteDownload(device.db, DOWNLOAD);
    expect(await device.db.reelTexts.count()).toBe(0);
    expect(await device.db.apparatus.count()).toBe(0);
  });

  it("is what the web app's call reads", async () => {
    const api = apiClient(`${origin}/v1`);
    expect(await reelApparatus(api, "TS0235_1", "sim_txt")).toEqual(
      await server.result<Apparatus>("GET", "/v1/reel/TS0235_1/apparatus?txt_type=sim_txt"),
    );
    await expect(reelApparatus(api, "TS0235_9", "std_txt")).rejects.toMatchObject({ status: 404 });
  });
});
