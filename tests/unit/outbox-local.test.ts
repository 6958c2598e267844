/**
 * The outbox on the device alone (fake-indexeddb, a real in-memory IndexedDB): each write stored
 * with its local effect in one transaction, refusals made before queueing, writes that supersede
 * untried ones, failed writes withdrawn and brought back, and labels. Sending to the real server
 * is tested in tests/server/outbox-sync.test.ts, the back-off in tests/unit/outbox-flaky.test.ts.
 */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeError, describeRecord } from "../../src/features/personal/syncLabels.ts";
import { syncLabels, syncText } from "../../src/features/personal/syncMessages.ts";
import { applyGroupOp } from "../../src/offline/outbox/effects.ts";
import * as m from "../../src/offline/outbox/mutations.ts";
import type { OutboxOp } from "../../src/offline/outbox/ops.ts";
import {
  groupsView,
  outboxRecords,
  pinsView,
  readConfigView,
  recentReadsView,
} from "../../src/offline/outbox/queries.ts";
import { acceptRecord, failRecord } from "../../src/offline/outbox/records.ts";
import { openUserDb, type UserDb } from "../../src/offline/userData/db.ts";

let db: UserDb;
let ctx: m.WriteContext;
let keys = 0;
let dbs = 0;

beforeEach(() => {
  dbs += 1;
  db = openUserDb(`outbox-local-${dbs}`);
  ctx = { db, userId: 7, now: () => 1_000, newKey: () => `key-${++keys}` };
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const refusal = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (error: unknown) => (error instanceof m.LocalRefusal ? error.reason : error),
  );

describe("a write and its local effect", () => {
  it("stores the record and the effect together, a new group under minus its seq", async () => {
    const seq = await m.createGroup(ctx, "JS", "  早课 ");
    const [record] = await outboxRecords(db, 7);
    expect(record).toMatchObject({
      seq,
      key: "key-1",
      user_id: 7,
      method: "POST",
      path: "tripitaka/JS/sutra_group",
      body: { name: "早课" },
      status: "waiting",
      attempts: 0,
      created_at: 1_000,
      op: { kind: "group.create", temp_id: -(seq ?? 0) },
    });
    expect(await groupsView(db, 7, "JS")).toEqual([
      { _id: -(seq ?? 0), name: "早课", sn: 1, sutra_uids: [] },
    ]);
    expect(await groupsView(db, 8, "JS")).toEqual([]);
  });

  it("refuses what the server would refuse before queueing anything", async () => {
    await m.createGroup(ctx, "JS", "早课");
    expect(await refusal(m.createGroup(ctx, "JS", "早课"))).toBe("nameTaken");
    expect(await refusal(m.createGroup(ctx, "JS", " "))).toBe("nameInvalid");
    expect(await refusal(m.createGroup(ctx, "JS", "一".repeat(21)))).toBe("nameInvalid");
    expect(await refusal(m.createGroup(ctx, "JS", "早课\u202E晚课"))).toBe("nameInvalid");
    expect(await refusal(m.renameGroup(ctx, "JS", 99, "别名"))).toBe("noGroup");
    expect(await refusal(m.addSutrasToGroup(ctx, "JS", "没有", ["JSB001"]))).toBe("noGroup");
    expect(await outboxRecords(db, 7)).toHaveLength(1);
  });

  it("lets a newer setting, read or pin replace one the server has not seen, and a pin undo one", async () => {
    await m.saveReadConfig(ctx, "reelSettings", { fontSize: 20 });
    await m.saveReadConfig(ctx, "reelSettings", { fontSize: 24 });
    await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JSB001_1" });
    await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JSB002_1" });
    await m.recordRead(ctx, "JS", "reel_read", { reel_uid: "JSB001_1" });
    await m.pinSutra(ctx, "JS", "JSB001", true);
    expect(await m.pinSutra(ctx, "JS", "JSB001", false)).toBeNull();

    const records = await outboxRecords(db, 7);
    expect(records.map((r) => r.op.kind)).toEqual(["read_config", "read", "read"]);
    expect(await readConfigView(db, 7, "reelSettings")).toEqual({ fontSize: 24 });
    expect((await recentReadsView(db, 7, "JS")).map((r) => r.context.reel_uid)).toEqual([
      "JSB001_1",
      "JSB002_1",
    ]);
    expect(await pinsView(db, 7, "JS")).toEqual([]);
  });

  it("keeps a write the server may have seen, and gives a failed one a new key on retry", async () => {
    const first = (await m.saveReadConfig(ctx, "reelSettings", { fontSize: 20 })) ?? 0;
    const tried = (await db.outbox.get(first))!;
    await db.outbox.put({ ...tried, attempts: 1 });
    await m.saveReadConfig(ctx, "reelSettings", { fontSize: 24 });
    expect((await outboxRecords(db, 7)).map((r) => r.body)).toEqual([
      { value: { fontSize: 20 } },
      { value: { fontSize: 24 } },
    ]);

    const failed = await failRecord(db, (await db.outbox.get(first))!, {
      status: 400,
      code: 400,
      msg: "bad",
    });
    expect(failed.status).toBe("failed");
    await m.retryRecord(ctx, first);
    const retried = (await db.outbox.get(first))!;
    expect(retried).toMatchObject({ status: "waiting", attempts: 0, next_attempt_at: 1_000 });
    expect(retried.key).not.toBe(tried.key);
  });

  it("withdraws a failed write's effect and brings it back on retry; discarding drops it", async () => {
    const seq = (await m.pinSutra(ctx, "JS", "JSB001", true)) ?? 0;
    await m.pinSutra(ctx, "JS", "JSB002", true);
    expect(await pinsView(db, 7, "JS")).toEqual(["JSB002", "JSB001"]);
    await failRecord(db, (await db.outbox.get(seq))!, { status: 404, code: 404, msg: "no such sutra" });
    expect(await pinsView(db, 7, "JS")).toEqual(["JSB002"]);
    await m.retryRecord(ctx, seq);
    expect(await pinsView(db, 7, "JS")).toEqual(["JSB002", "JSB001"]);
    await failRecord(db, (await db.outbox.get(seq))!, { status: 404, code: 404, msg: "no such sutra" });
    await m.discardRecord(db, 7, seq);
    expect((await outboxRecords(db, 7)).map((r) => r.op.kind)).toEqual(["pin.sutra"]);
    expect(await pinsView(db, 7, "JS")).toEqual(["JSB002"]);
  });

  it("gives later writes the server's id of a new group once it answers", async () => {
    const created = (await m.createGroup(ctx, "JS", "早课")) ?? 0;
    await m.renameGroup(ctx, "JS", -created, "晚课");
    await m.reorderGroups(ctx, "JS", { [-created]: 5 });
    const record = (await db.outbox.get(created))!;
    await db.outbox.delete(created);
    await acceptRecord(db, record, { _id: 41, name: "早课", sn: 3, sutra_uids: [] }, 2_000);
    const rest = await outboxRecords(db, 7);
    expect(rest.map((r) => [r.path, r.body])).toEqual([
      ["tripitaka/JS/sutra_group_name/41", { name: "晚课" }],
      ["tripitaka/JS/sutra_group_sn", { "41": 5 }],
    ]);
    expect(await groupsView(db, 7, "JS")).toEqual([{ _id: 41, name: "晚课", sn: 5, sutra_uids: [] }]);
    expect(await db.groupIds.get(-created)).toEqual({ temp_id: -created, user_id: 7, server_id: 41 });
  });
});

describe("effects applied again", () => {
  it("show a group once whether or not the server already has it", () => {
    const op = { kind: "group.create", tripitaka_uid: "JS", name: "早课", temp_id: -3 } as const;
    const local = applyGroupOp([], op);
    expect(applyGroupOp(local, op)).toEqual(local);
    const server = [{ _id: 12, name: "早课", sn: 1, sutra_uids: ["JSB001"] }];
    expect(applyGroupOp(server, op)).toEqual(server);
    expect(applyGroupOp(local, op, { _id: 12, name: "早课", sn: 4, sutra_uids: [] })).toEqual([
      { _id: 12, name: "早课", sn: 4, sutra_uids: [] },
    ]);
  });
});

describe("labels in the waiting list", () => {
  it("name each kind of write and its problem", () => {
    const label = (op: OutboxOp) => describeRecord({ op, path: "x" });
    expect(label({ kind: "group.create", tripitaka_uid: "JS", name: "早课", temp_id: -1 })).toEqual({
      message: syncLabels.groupCreate,
      values: { name: "早课" },
    });
    expect(
      label({
        kind: "group.add_sutras",
        tripitaka_uid: "JS",
        name: "早课",
        sutra_uids: ["A", "B", "C", "D"],
      }),
    ).toEqual({ message: syncLabels.groupAdd, values: { name: "早课", count: 4, sutras: "A、B、C…" } });
    expect(
      label({ kind: "read", tripitaka_uid: "JS", op_type: "reel_read", context: { reel_uid: "JSB001_1" } }),
    ).toEqual({ message: syncLabels.reelRead, values: { reel: "JSB001_1" } });
    expect(
      label({ kind: "pin.sutra", tripitaka_uid: "JS", sutra_uid: "JSB001", is_add: false }).message,
    ).toBe(syncLabels.unpin);
    const fromNewerCode = JSON.parse('{"kind":"apply.submit"}') as OutboxOp;
    expect(describeRecord({ op: fromNewerCode, path: "apply" })).toEqual({
      message: syncLabels.other,
      values: { path: "apply" },
    });
    expect(describeError({ status: null, code: null, msg: "network" }).message).toBe(syncText.noNetwork);
    expect(describeError({ status: 400, code: 400, msg: "exists" })).toEqual({
      message: syncText.serverError,
      values: { status: 400, msg: "exists" },
    });
  });
});
