import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Feedback } from "../../contract/feedback-schemas.ts";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, parse, registerUser, startAuthApp } from "./auth-setup.ts";
import { askUploadPolicy, flatPng, policyFields, postUpload } from "./upload-requests.ts";

type ReelBody = { sutra_uid: string; reel_uid: string; pages: { uid: string; lines: { cid: string }[] }[] };

const png = () => flatPng(16);

describe.each(testDialects())("feedback/add on %s", (dialect) => {
  let h: AuthHarness;
  let token: string;
  let otherToken: string;
  let reel: ReelBody;
  let cids: string[];

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    await registerUser(h, { username: "reader", contact: "reader@example.org", password: "abc123" });
    await registerUser(h, { username: "other", contact: "other@example.org", password: "abc123" });
    token = await accessToken(h, "reader", "abc123");
    otherToken = await accessToken(h, "other", "abc123");
    const list = parse(
      await h.app.inject({ method: "POST", url: "/v1/tripitaka/JS/sutra/list", payload: {} }),
    );
    const first = (list.result as { list: { reel_uids: [string, string][] }[] }).list[0]?.reel_uids[0]?.[0];
    reel = parse(await h.app.inject({ method: "GET", url: `/v1/reel/${first}` })).result as ReelBody;
    cids = reel.pages.flatMap((p) => p.lines.map((l) => l.cid)).slice(2, 4);
  });
  afterAll(async () => {
    await h.close();
  });

  const valid = () => ({
    question_type: "content_error",
    source: "by_reel",
    sutra_uid: reel.sutra_uid,
    reel_uid: reel.reel_uid,
    cids,
    origin_text: "師於戊辰孟春月",
    suggestion: "「戊辰」當作「戊戌」",
  });

  const add = async (payload: Record<string, unknown>, as: string | null = token, key?: string) =>
    parse(
      await h.app.inject({
        method: "POST",
        url: "/v1/feedback/add",
        headers: { ...(as ? bearer(as) : {}), ...(key ? { "idempotency-key": key } : {}) },
        payload,
      }),
    );

  const rowCount = async () => {
    const row = await h.database.canon.db
      .selectFrom("feedback")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  async function uploadImage(
    as: string,
    bytes: Buffer,
  ): Promise<{ key: string; reply: ReturnType<typeof parse> }> {
    const policy = (await askUploadPolicy(h.app, as, "feedback")).result as UploadPolicy;
    const key = `${policy.dir}shot-${bytes.length}.png`;
    const fields = policyFields(policy, key, "image/png");
    const reply = await postUpload(
      h.app,
      policy.host,
      fields,
      { bytes, name: "shot.png", type: "image/png" },
      as,
    );
    // The storage answers the name it stored the image under.
    const stored = (reply.result as { key?: string } | null)?.key;
    return { key: stored ?? key, reply };
  }

  it("needs a signed-in reader and stores nothing for a guest", async () => {
    const before = await rowCount();
    const reply = await add(valid(), null);
    expect(reply).toMatchObject({ statusCode: 401, code: 401 });
    expect(await rowCount()).toBe(before);
  });

  it("stores the feedback with its reel, lines and the submitted status", async () => {
    const reply = await add(valid());
    expect(reply).toMatchObject({ statusCode: 200, code: 0 });
    const feedback = reply.result as Feedback;
    expect(feedback).toMatchObject({
      feedback_type: "reading",
      question_type: "content_error",
      source: "by_reel",
      sutra_uid: reel.sutra_uid,
      reel_uid: reel.reel_uid,
      page_id: null,
      cids,
      origin_text: "師於戊辰孟春月",
      suggestion: "「戊辰」當作「戊戌」",
      attachment: null,
      status: "pending",
      user_status: "submitted",
      has_unread_log: false,
      created_at: h.clock.now,
    });
    const row = await h.database.canon.db
      .selectFrom("feedback")
      .innerJoin("user", "user.id", "feedback.user_id")
      .select(["user.username", "feedback.tripitaka_uid", "feedback.cids", "feedback.status"])
      .where("feedback.id", "=", feedback._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      username: "reader",
      tripitaka_uid: "JS",
      cids: JSON.stringify(cids),
      status: "pending",
    });
  });

  it.each([
    ["no question type", { question_type: undefined }, "question_type"],
    ["an unknown question type", { question_type: "typo" }, "question_type"],
    ["no suggestion", { suggestion: undefined }, "suggestion"],
    ["a blank suggestion", { suggestion: "   " }, "suggestion"],
    ["a suggestion of 501 characters", { suggestion: "字".repeat(501) }, "suggestion"],
    ["a selection of 501 characters", { origin_text: "字".repeat(501) }, "origin_text"],
    ["by_reel without a reel", { reel_uid: undefined }, "reel_uid"],
    ["a reel of another sutra", { reel_uid: "JSB999_1" }, "reel_uid"],
    ["by_page without a page", { source: "by_page", reel_uid: undefined }, "page_id"],
    ["a malformed line id", { cids: ["line 3"] }, "cids"],
    ["a malformed sutra uid", { sutra_uid: "sutra" }, "sutra_uid"],
  ])("refuses %s with 400 naming the field", async (_name, change, field) => {
    const before = await rowCount();
    const reply = await add({ ...valid(), ...change });
    expect(reply).toMatchObject({ statusCode: 400, code: 400 });
    expect(reply.msg).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it("counts 500 characters outside the BMP as 500", async () => {
    const reply = await add({ ...valid(), suggestion: "𠀀".repeat(500) });
    expect(reply.code).toBe(0);
  });

  it("refuses a reel, page or lines that are not in the canon", async () => {
    const before = await rowCount();
    expect(await add({ ...valid(), sutra_uid: "JSB999", reel_uid: "JSB999_1" })).toMatchObject({
      statusCode: 404,
    });
    expect(await add({ ...valid(), reel_uid: `${reel.sutra_uid}_99` })).toMatchObject({ statusCode: 404 });
    expect(await add({ ...valid(), cids: ["JS_1_1a.1"] })).toMatchObject({ statusCode: 400 });
    expect(
      await add({ ...valid(), source: "by_page", reel_uid: undefined, page_id: "JS_1_1a" }),
    ).toMatchObject({ statusCode: 404 });
    expect(await rowCount()).toBe(before);
  });

  it("takes feedback from the page reader with its page and block", async () => {
    const page = reel.pages[0]?.uid ?? "";
    const reply = await add({
      ...valid(),
      source: "by_page",
      reel_uid: undefined,
      page_id: page,
      block_id: "b1",
      cids: [`${page}.3`],
    });
    expect(reply.code).toBe(0);
    expect(reply.result).toMatchObject({ source: "by_page", page_id: page, block_id: "b1", reel_uid: null });
  });

  it("takes feedback on a scanned page of no sutra, filed under the page's tripitaka", async () => {
    const scanned = await h.database.canon.db
      .selectFrom("page")
      .select(["uid"])
      .where("sutra_uids", "=", "[]")
      .orderBy("uid")
      .executeTakeFirstOrThrow();
    const bySutraless = { ...valid(), source: "by_page", reel_uid: undefined, page_id: scanned.uid };
    const reply = await add({ ...bySutraless, sutra_uid: undefined, cids: [] });
    expect(reply.code).toBe(0);
    expect(reply.result).toMatchObject({ source: "by_page", sutra_uid: "", page_id: scanned.uid });
    const stored = await h.database.canon.db
      .selectFrom("feedback")
      .select(["tripitaka_uid"])
      .where("page_id", "=", scanned.uid)
      .executeTakeFirstOrThrow();
    expect(stored.tripitaka_uid).toBe(scanned.uid.split("_")[0]);

    const ofSutra = reel.pages[0]?.uid ?? "";
    const missingSutra = await add({ ...bySutraless, page_id: ofSutra, sutra_uid: "" });
    expect(missingSutra.statusCode).toBe(400);
    expect((await add({ ...valid(), sutra_uid: "" })).statusCode).toBe(400);
  });

  it("attaches the reader's own uploaded image and refuses anyone else's", async () => {
    const own = await uploadImage(token, await png());
    expect(own.reply.code).toBe(0);
    const reply = await add({ ...valid(), attachment: own.key });
    expect(reply.code).toBe(0);
    expect((reply.result as Feedback).attachment).toBe(`/storage/${own.key}`);

    const before = await rowCount();
    const theirs = await uploadImage(otherToken, await png());
    expect((await add({ ...valid(), attachment: theirs.key })).statusCode).toBe(400);
    const missing = own.key.replace(/[^/]+$/, "gone.png");
    expect((await add({ ...valid(), attachment: missing })).statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it("refuses a feedback image over 5 MB at the upload", async () => {
    const small = await png();
    const large = Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024 + 1 - small.length)]);
    const upload = await uploadImage(token, large);
    expect(upload.reply.statusCode).toBe(400);
    expect(await h.database.storage.exists(upload.key)).toBe(false);
  });

  it("stores a send repeated with the same idempotency key once", async () => {
    const before = await rowCount();
    const first = await add(valid(), token, "queued-0001-abcdef");
    const second = await add(valid(), token, "queued-0001-abcdef");
    expect(first.code).toBe(0);
    expect((second.result as Feedback)._id).toBe((first.result as Feedback)._id);
    expect(await rowCount()).toBe(before + 1);
    const another = await add(valid(), otherToken, "queued-0001-abcdef");
    expect((another.result as Feedback)._id).not.toBe((first.result as Feedback)._id);
    expect(await rowCount()).toBe(before + 2);
  });
});
