/**
 * `GET /v1/reel/{reel_uid}/apparatus` over the imported starter canon, on SQLite and on PostgreSQL:
 * the envelope and the entries in their reel's order, each text form's texts (the lemma being what
 * the reel's line holds there), an unknown reel and bad input, a reel without apparatus, and the
 * cross-references opened where their line is imported here; and `POST /v1/offline/apparatus`,
 * the same answers in a batch for downloads.
 */
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { type Apparatus, apparatusResult } from "../../contract/apparatus.ts";
import { witnessesInEntries } from "../../contract/apparatus-witnesses.ts";
import { reelResult } from "../../contract/canon.ts";
import { envelope, errorEnvelope } from "../../contract/envelope.ts";
import { OFFLINE_BATCH_MAX, offlineApparatusResult } from "../../contract/offline.ts";
import { txtTypes } from "../../contract/tripitaka.ts";
import { canonAppForSuite } from "../support/canon-app.ts";
import { testDialects } from "../support/databases.ts";

const cut = (text: string, from: number, to: number) => Array.from(text).slice(from, to).join("");

function expectError(response: LightMyRequestResponse, code: 400 | 404): void {
  expect(response.statusCode).toBe(code);
  expect(errorEnvelope.parse(response.json()).code).toBe(code);
}

describe.each(testDialects())("the reel apparatus route on %s", (dialect) => {
  const suite = canonAppForSuite(dialect);

  const get = (url: string) => suite.app.inject({ method: "GET", url });
  const apparatus = async (url: string): Promise<Apparatus> => {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    const body = envelope(apparatusResult).parse(response.json());
    expect(body.code).toBe(0);
    return body.result;
  };
  const tripitakaName = (uid: string) =>
    suite.database.canon.db
      .selectFrom("tripitaka")
      .select(["name_trad", "name_sim"])
      .where("uid", "=", uid)
      .executeTakeFirstOrThrow();

  it("answers a reel's entries in the envelope, numbered in text order, with their witnesses", async () => {
    const diamond = await apparatus("/v1/reel/TS0235_1/apparatus");
    expect(diamond).toMatchObject({ reel_uid: "TS0235_1", txt_type: "std_txt" });
    const stored = await suite.database.canon.db
      .selectFrom("reel_apparatus")
      .select("entry_count")
      .where("reel_uid", "=", "TS0235_1")
      .executeTakeFirstOrThrow();
    expect(diamond.entries).toHaveLength(stored.entry_count);
    expect(diamond.entries.map((entry) => entry.id)).toEqual(diamond.entries.map((_, at) => at));
    expect(diamond.witnesses).toEqual(witnessesInEntries(diamond.entries));
    expect(diamond.witnesses.slice(0, 5)).toEqual(["大", "宋", "元", "明", "宮"]);
    const entry = diamond.entries.find((e) => e.n === "0748028");
    expect(entry).toEqual({
      id: expect.any(Number),
      n: "0748028",
      star: false,
      line: "TS_8_748c.28",
      offset: 9,
      end_line: "TS_8_748c.28",
      end_offset: 12,
      lemma: { witnesses: ["大"], text: "應云何" },
      readings: [{ witnesses: ["明"], text: "云何應", resp: expect.any(String) }],
      notes: [
        { kind: "orig", resp: "Taisho", text: "應云何＝云何應【明】" },
        { kind: "mod", resp: "CBETA", text: "應云何【大】，云何應【明】" },
      ],
      refs: [],
    });
  });

  it("gives every text in the asked form, each lemma as the reel's line reads there", async () => {
    const sim = await apparatus("/v1/reel/TS0235_1/apparatus?txt_type=sim_txt");
    const entry = sim.entries.find((e) => e.n === "0748028");
    expect(entry?.lemma.text).toBe("应云何");
    expect(entry?.readings[0]?.text).toBe("云何应");
    expect(entry?.notes[1]?.text).toBe("应云何【大】，云何应【明】");
    for (const txtType of txtTypes) {
      const answer = await apparatus(`/v1/reel/TS0235_1/apparatus?txt_type=${txtType}`);
      expect(answer.txt_type).toBe(txtType);
      const reel = envelope(reelResult).parse(
        (await get(`/v1/reel/TS0235_1?txt_type=${txtType}`)).json(),
      ).result;
      const lines = new Map(reel.pages.flatMap((page) => page.lines).map((line) => [line.cid, line.text]));
      for (const e of answer.entries.filter((one) => one.line === one.end_line))
        expect(cut(lines.get(e.line) ?? "", e.offset, e.end_offset), `${txtType} ${e.n}`).toBe(e.lemma.text);
    }
  });

  it("refuses an unknown reel with 404 and bad input with 400", async () => {
    expectError(await get("/v1/reel/TS0235_9/apparatus"), 404);
    expectError(await get("/v1/reel/TS0235_1/apparatus?txt_type=big5"), 400);
    expectError(await get("/v1/reel/TS0235/apparatus"), 400);
  });

  it("answers reels in a batch for downloads, each as its own route answers it", async () => {
    const body = { reel_uids: ["TS0235_1", "ZH1666_1"], txt_types: ["std_txt", "sim_txt"] };
    const response = await suite.app.inject({ method: "POST", url: "/v1/offline/apparatus", payload: body });
    expect(response.statusCode).toBe(200);
    const batch = envelope(offlineApparatusResult).parse(response.json()).result;
    const one = [];
    for (const reel of body.reel_uids)
      for (const form of body.txt_types)
        one.push(await apparatus(`/v1/reel/${reel}/apparatus?txt_type=${form}`));
    expect(batch).toEqual(one);
    const post = (payload: Record<string, unknown>) =>
      suite.app.inject({ method: "POST", url: "/v1/offline/apparatus", payload });
    expectError(await post({ reel_uids: ["TS0235_9"], txt_types: ["std_txt"] }), 404);
    expectError(await post({ reel_uids: ["TS0235_1", "TS0235_1"], txt_types: ["std_txt"] }), 400);
    const many = Array.from({ length: OFFLINE_BATCH_MAX + 1 }, (_, i) => `TS0235_${i + 1}`);
    expectError(await post({ reel_uids: many, txt_types: ["std_txt"] }), 400);
  });

  it("answers a reel without apparatus with no entries", async () => {
    const none = await apparatus("/v1/reel/ZH1666_1/apparatus");
    expect(none).toEqual({
      reel_uid: "ZH1666_1",
      txt_type: "std_txt",
      witnesses: witnessesInEntries([]),
      entries: [],
    });
  });

  it("opens a cross-reference whose line is imported, and names the canon of one that is not", async () => {
    const lotus: Apparatus["entries"] = [];
    for (let reel = 1; reel <= 7; reel++)
      lotus.push(...(await apparatus(`/v1/reel/TS0262_${reel}/apparatus`)).entries);
    const refs = lotus.flatMap((entry) => entry.refs);
    const own = refs.find((ref) => ref.target === "T09n0262_p0058b13");
    const line = await suite.database.canon.db
      .selectFrom("line")
      .select("reel_uid")
      .where("page_uid", "=", "TS_9_58b")
      .where("line_no", "=", 13)
      .executeTakeFirstOrThrow();
    expect(line.reel_uid).toMatch(/^TS0262_/);
    const ts = await tripitakaName("TS");
    expect(own).toEqual({
      kind: expect.stringMatching(/^cf\d$/),
      target: "T09n0262_p0058b13",
      canon: ts.name_trad,
      reel_uid: line.reel_uid,
      cid: "TS_9_58b.13",
    });

    const gl = await tripitakaName("GL");
    const korean = refs.find((ref) => ref.target === "K09n0116_p0725a08");
    expect(korean).toMatchObject({ canon: gl.name_trad, reel_uid: null, cid: null });
    const unmapped = refs.find((ref) => ref.target.startsWith("Q09_"));
    expect(unmapped).toMatchObject({ canon: "Q", reel_uid: null, cid: null });

    const diamond = await apparatus("/v1/reel/TS0235_1/apparatus?txt_type=sim_txt");
    expect(diamond.entries.find((e) => e.n === "0749b2101")?.refs).toEqual([
      { kind: "cf1", target: "K05n0013_p0980a01", canon: gl.name_sim, reel_uid: null, cid: null },
      { kind: "cf2", target: "Q05_p0361a26", canon: "Q", reel_uid: null, cid: null },
    ]);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await get("/v1/docs/json")).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const operation = doc.paths["/v1/reel/{reel_uid}/apparatus"]?.get;
    expect(operation?.parameters?.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      "path:reel_uid",
      "query:txt_type",
    ]);
  });
});
