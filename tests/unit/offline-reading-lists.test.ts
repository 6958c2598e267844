/**
 * The catalogue drawer's lists computed over downloaded sutras: for every filter, sort and page
 * of the sutra list, the config lists and `sutra/all`, the answer given offline equals the real
 * server's over the same sutras (a whole tripitaka downloaded, or some of its sutras), with a
 * signed-in reader's pins and groups too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConfigItem, Sutra, SutraAll, SutraListRequest } from "../../contract/canon.ts";
import type { Paged } from "../../contract/envelope.ts";
import type { SutraGroup, TopConfig } from "../../contract/personal.ts";
import { sutraSorts } from "../../contract/sutra-list-options.ts";
import { createApiClient } from "../../src/api/client.ts";
import { type ApiEvents, createEmitter } from "../../src/api/events.ts";
import type { OfflineLibrary } from "../../src/offline/library/db.ts";
import type { PersonalLists } from "../../src/offline/reading/localCatalogue.ts";
import { createOfflineReading } from "../../src/offline/reading/localFirst.ts";
import { freePort } from "../e2e/support/server.ts";
import { accessToken, registerUser } from "../server/auth-setup.ts";
import {
  type CanonServer,
  emptyLibrary,
  startCanonServer,
  sutraRow,
  testNetwork,
} from "./offline-reading-rows.ts";

let server: CanonServer;
let token: string;
const allSutras = new Map<string, Sutra[]>();
let nowhere: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  server = await startCanonServer();
  nowhere = createApiClient({
    prefixUrl: `http://127.0.0.1:${await freePort()}/v1`,
    tokens: { get: () => null, set: () => undefined, clear: () => undefined },
    events: createEmitter<ApiEvents>(),
    timeZone: () => "Asia/Shanghai",
  });
  for (const uid of ["TS", "JS"]) {
    allSutras.set(uid, (await server.result<SutraAll>("GET", `/v1/tripitaka/${uid}/sutra/all`)).sutras);
  }
  await registerUser(server, { username: "offline", contact: "offline@example.org", password: "abc123" });
  token = await accessToken(server, "offline", "abc123");
}, 180_000);

afterAll(async () => {
  await server?.close();
});

async function libraryWith(tripitakaUid: string, sutras: readonly Sutra[]): Promise<OfflineLibrary> {
  const db = emptyLibrary();
  await db.sutras.bulkPut(sutras.map((sutra) => sutraRow(sutra, tripitakaUid)));
  return db;
}

function offlineReading(db: OfflineLibrary) {
  return createOfflineReading({ library: async () => db, network: testNetwork(false), storage: null });
}

const serverList = (tripitakaUid: string, body: SutraListRequest, signedIn = false) =>
  server.result<Paged<Sutra>>("POST", `/v1/tripitaka/${tripitakaUid}/sutra/list`, {
    body,
    ...(signedIn ? { token } : {}),
  });

/** Filters, sorts and pages of the drawer, with the ids the tripitaka's sutras carry. */
function requests(sutras: readonly Sutra[]): SutraListRequest[] {
  const first = sutras[0] as Sutra;
  const ids = (pick: (s: Sutra) => { id: number }[]) => [...new Set(sutras.flatMap(pick).map((i) => i.id))];
  const byline = first.dynasty_author.split(/\s+/).at(-1) ?? "";
  return [
    {},
    { page_size: 10, page_no: 2 },
    { page_size: 20 },
    ...sutraSorts.map((sort_by) => ({ sort_by })),
    ...sutraSorts.map((sort_by) => ({ sort_by, page_size: 50 as const, keyword: "經" })),
    { keyword: "经" },
    { keyword: first.uid },
    { keyword: first.uid.toLowerCase() },
    { keyword: byline },
    { keyword: byline.slice(0, 2) },
    { keyword: "   " },
    { keyword: "%" },
    { keyword: "不在此藏" },
    { sutra_name: "經" },
    { sutra_name: byline },
    { sutra_name: first.name.split("|")[0]?.slice(0, 2) ?? "" },
    { sutra_uids: [first.uid, "XX0001"] },
    { sutra_uids: [] },
    ...ids((s) => s.categories).map((id) => ({ category_ids: [id] })),
    ...ids((s) => s.dynasties).map((id) => ({ dynasty_ids: [id], sort_by: "-char_cnt" as const })),
    ...ids((s) => s.authors).map((id) => ({ author_ids: [id] })),
    { author_ids: ids((s) => s.authors), dynasty_ids: ids((s) => s.dynasties).slice(0, 1) },
    { category_ids: [], dynasty_ids: [], author_ids: [] },
  ];
}

describe.each(["TS", "JS"])("a whole tripitaka downloaded (%s)", (tripitakaUid) => {
  it("lists its sutras offline as the server does, for every filter, sort and page", async () => {
    const sutras = allSutras.get(tripitakaUid) ?? [];
    expect(sutras.length).toBeGreaterThanOrEqual(3);
    const reading = offlineReading(await libraryWith(tripitakaUid, sutras));
    for (const request of requests(sutras)) {
      const local = await reading.fetchSutraList(nowhere, tripitakaUid, request);
      expect({ request, local }).toStrictEqual({ request, local: await serverList(tripitakaUid, request) });
    }
  });

  it("gives its config lists and sutra/all as the server does", async () => {
    const sutras = allSutras.get(tripitakaUid) ?? [];
    const reading = offlineReading(await libraryWith(tripitakaUid, [...sutras].reverse()));
    for (const kind of ["dynasties", "categories", "authors"] as const) {
      const expected = await server.result<ConfigItem[]>("GET", `/v1/tripitaka/${tripitakaUid}/${kind}`);
      expect(await reading.fetchConfigList(nowhere, tripitakaUid, kind)).toStrictEqual(expected);
    }
    const all = await server.result<SutraAll>("GET", `/v1/tripitaka/${tripitakaUid}/sutra/all`);
    expect(await reading.fetchAllSutras(nowhere, tripitakaUid, 0)).toStrictEqual(all);
    const since = Math.min(...sutras.map((s) => s.last_updated_time));
    const changed = await server.result<SutraAll>(
      "GET",
      `/v1/tripitaka/${tripitakaUid}/sutra/all?last_updated_time=${since}`,
    );
    expect(changed.sutras.length).toBe(sutras.length - 1);
    expect(await reading.fetchAllSutras(nowhere, tripitakaUid, since)).toStrictEqual(changed);
  });
});

describe("some sutras of a tripitaka downloaded", () => {
  it("lists those the server would list among them", async () => {
    const sutras = allSutras.get("TS") ?? [];
    const kept = sutras.filter((s) => ["TS0262", "TS0366", "TS2059"].includes(s.uid));
    expect(kept).toHaveLength(3);
    const uids = kept.map((s) => s.uid);
    const reading = offlineReading(await libraryWith("TS", kept));
    for (const request of requests(kept)) {
      const within = request.sutra_uids?.length ? request.sutra_uids.filter((u) => uids.includes(u)) : uids;
      const local = await reading.fetchSutraList(nowhere, "TS", request);
      const expected = await serverList("TS", {
        ...request,
        sutra_uids: within.length ? within : ["XX0001"],
      });
      expect({ request, local }).toStrictEqual({ request, local: expected });
    }
  });
});

describe("a signed-in reader's pins and groups", () => {
  it("order and filter the downloaded list as on the server", async () => {
    const post = (url: string, body: unknown) => server.result("POST", url, { body, token });
    for (const uid of ["TS2059", "TS0251"]) {
      await post("/v1/user_conf/top_config/sutra", { is_add: true, uid, tripitaka_uid: "TS" });
    }
    await post("/v1/tripitaka/TS/sutra_group", { name: "常读" });
    await post("/v1/tripitaka/TS/sutra_group/add_sutras", { name: "常读", sutra_uids: ["TS0262", "TS2059"] });
    await post("/v1/tripitaka/TS/sutra_group", { name: "空组" });
    const top = await server.result<TopConfig>("GET", "/v1/user_conf/top_config", { token });
    const groups = await server.result<SutraGroup[]>("GET", "/v1/tripitaka/TS/sutra_group/all", { token });
    const personal: PersonalLists = { pinned: top.top_uids.sutra.TS ?? [], groups };
    expect(personal.pinned).toEqual(["TS0251", "TS2059"]);

    const reading = offlineReading(await libraryWith("TS", allSutras.get("TS") ?? []));
    const signedInRequests: SutraListRequest[] = [
      { pinned_first: true },
      { pinned_first: true, sort_by: "-char_cnt" },
      { pinned_first: true, keyword: "經" },
      { sutra_group_names: ["常读"] },
      { sutra_group_names: ["常读"], pinned_first: true, sort_by: "-reel_cnt" },
      { sutra_group_names: ["常读"], sutra_uids: ["TS0262", "TS0251"] },
      { sutra_group_names: ["空组"] },
      { sutra_group_names: ["无此组"] },
    ];
    for (const request of signedInRequests) {
      const local = await reading.fetchSutraList(nowhere, "TS", request, undefined, personal);
      expect({ request, local }).toStrictEqual({ request, local: await serverList("TS", request, true) });
    }
  });
});
