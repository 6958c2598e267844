/** Personal-centre reads kept on the device (fake-indexeddb): fetched online, answered offline. */
import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.ts";
import { NotKeptOfflineError, readThrough } from "../../src/offline/outbox/answers.ts";
import { openUserDb, type UserDb } from "../../src/offline/userData/db.ts";

let db: UserDb;
let dbs = 0;
beforeEach(() => {
  dbs += 1;
  db = openUserDb(`kept-answers-${dbs}`);
});
afterEach(async () => {
  db.close();
});

const online = { online: true, now: 1000 };
const offline = { online: false, now: 2000 };
const unreachable = () => Promise.reject(new TypeError("Failed to fetch"));

describe("a personal-centre read kept on this device", () => {
  it("keeps what was fetched online and answers it offline or when the network fails", async () => {
    expect(await readThrough(db, 7, "feedbacks:1", async () => ({ total: 1 }), online)).toEqual({ total: 1 });
    expect(await readThrough(db, 7, "feedbacks:1", unreachable, offline)).toEqual({ total: 1 });
    expect(await readThrough(db, 7, "feedbacks:1", unreachable, online)).toEqual({ total: 1 });
    expect(await readThrough(db, 7, "feedbacks:1", async () => ({ total: 2 }), online)).toEqual({ total: 2 });
    expect(await readThrough(db, 7, "feedbacks:1", unreachable, offline)).toEqual({ total: 2 });
  });

  it("keeps each reader's answers apart and says when nothing was kept", async () => {
    await readThrough(db, 7, "messages:all:1:10", async () => ["mine"], online);
    await expect(readThrough(db, 8, "messages:all:1:10", unreachable, offline)).rejects.toBeInstanceOf(
      NotKeptOfflineError,
    );
    await expect(readThrough(db, 7, "messages:all:2:10", unreachable, offline)).rejects.toBeInstanceOf(
      NotKeptOfflineError,
    );
  });

  it("passes on what the server answered instead of an old copy", async () => {
    await readThrough(db, 7, "feedbackLogs:3", async () => ["reply"], online);
    const refused = () => Promise.reject(new ApiError("Not Found", 404, 404, true));
    await expect(readThrough(db, 7, "feedbackLogs:3", refused, online)).rejects.toBeInstanceOf(ApiError);
  });
});
