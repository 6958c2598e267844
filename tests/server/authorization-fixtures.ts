/**
 * The set-up of the authorisation matrix: the routes the app registered, four signed-in accounts
 * (a reader, another reader, a researcher and an administrator) with what each needs for its
 * requests to be valid (an uploaded avatar, a binding code, a group of its own), the reader's
 * own resources that the others must not reach, and real uids from the starter canon.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { App } from "../../server/app.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { applyForResearch } from "./application-requests.ts";
import { type AuthHarness, bearer, codeFor, login, parse, registerUser } from "./auth-setup.ts";
import { flatPng, uploadFile } from "./upload-requests.ts";

export const SIGNED_IN = ["reader", "otherReader", "researcher", "admin"] as const;
export type SignedInAs = (typeof SIGNED_IN)[number];
export type Who = "anonymous" | SignedInAs;

export type Account = {
  username: string;
  password: string;
  id: number;
  token: string;
  cookie: string;
  /** A phone number and the code sent to bind it. */
  phone: string;
  bindCode: string;
  /** The key of an avatar this account uploaded. */
  avatarKey: string;
};

export type Fixtures = {
  tripitaka: string;
  sutraUid: string;
  reelUid: string;
  pageUid: string;
  bookUid: string;
  cids: string[];
  charPageUid: string;
  charSn: string;
  /** The reader's own: a group to delete, a group to rename, a reading record. */
  readerGroupToDelete: number;
  readerGroupToRename: number;
  readerOpId: number;
  /** The reader's own feedback (with one reply from the administrator) and the message the reply wrote. */
  readerFeedbackId: number;
  readerMessageId: number;
  /** The user whose roles the administrator changes (none of the accounts, so no session ends). */
  subjectId: number;
  /** The subject's pending researcher application, which the administrator decides. */
  subjectApplicationId: number;
  /** A published news article the administrator wrote. */
  articleUid: string;
  /** The group name every account has a group of. */
  sharedGroupName: string;
  accounts: Record<SignedInAs, Account>;
};

/** "METHOD /path" of every route the app registered, HEAD routes beside GET ones left out. */
export function registeredRoutes(app: App): string[] {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: true }).split("\n")) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? "").length / 4;
    paths.length = depth;
    const path = (paths[depth - 1] ?? "") + (node[2] ?? "");
    paths.push(path);
    for (const method of node[3]?.split(", ") ?? []) if (method !== "HEAD") routes.push(`${method} ${path}`);
  }
  return routes;
}

const uploadAvatar = async (app: App, token: string): Promise<string> =>
  uploadFile(app, token, "avatar", (policy) => `${policy.dir}matrix-${randomUUID()}.png`, {
    bytes: await flatPng(16),
    name: "avatar.png",
    type: "image/png",
  });

async function userId(h: AuthHarness, username: string): Promise<number> {
  const row = await h.database.canon.db
    .selectFrom("user")
    .select(["id"])
    .where("username", "=", username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signs every account in again (after a call that ends its sessions). */
export async function signInAgain(h: AuthHarness, accounts: Record<SignedInAs, Account>): Promise<void> {
  for (const account of Object.values(accounts)) {
    const reply = await login(h, { username: account.username, password: account.password });
    expect(reply.code).toBe(0);
    account.token = (reply.result as { access_token: string }).access_token;
    account.cookie = reply.refreshCookie ?? "";
  }
}

type ReelText = { sutra_uid: string; reel_uid: string; pages: { uid: string; lines: { cid: string }[] }[] };

async function canonUids(h: AuthHarness, tripitaka: string) {
  const call = async (method: "GET" | "POST", url: string, payload?: object) =>
    parse(await h.app.inject({ method, url, ...(payload ? { payload } : {}) })).result;
  const list = (await call("POST", `/v1/tripitaka/${tripitaka}/sutra/list`, {})) as {
    list: { uid: string; reel_uids: [string, string][] }[];
  };
  const reelUid = list.list.flatMap((sutra) => sutra.reel_uids)[0]?.[0] ?? "";
  const reel = (await call("GET", `/v1/reel/${reelUid}`)) as ReelText;
  const pageUid = reel.pages[0]?.uid ?? "";
  const char = await h.database.canon.db
    .selectFrom("char")
    .select(["page_uid", "line_no", "char_no"])
    .orderBy("page_uid")
    .orderBy("line_no")
    .orderBy("char_no")
    .executeTakeFirstOrThrow();
  return {
    tripitaka,
    sutraUid: reel.sutra_uid,
    reelUid: reel.reel_uid,
    pageUid,
    bookUid: pageUid.split("_").slice(0, 2).join("_"),
    cids: reel.pages.flatMap((page) => page.lines.map((line) => line.cid)).slice(0, 2),
    charPageUid: char.page_uid,
    charSn: `${char.line_no}.${char.char_no}`,
  };
}

/** Everything the matrix's requests need; the access tokens are made last, so none expires during the run. */
export async function prepareFixtures(h: AuthHarness): Promise<Fixtures> {
  const uids = await canonUids(h, "JS");
  const password = "matrix-1";
  const names: Record<SignedInAs, string> = {
    reader: "m_reader",
    otherReader: "m_other",
    researcher: "m_researcher",
    admin: "m_admin",
  };
  for (const username of [names.reader, names.otherReader, names.researcher, "m_subject"]) {
    const registered = await registerUser(h, { username, contact: `${username}@example.org`, password });
    expect(registered.code).toBe(0);
  }
  await ensureAdmin(h.database.canon.db, { username: names.admin, password }, h.clock.now);
  await h.database.canon.db
    .updateTable("user")
    .set({ roles: JSON.stringify(["reader", "researcher"]) })
    .where("username", "=", names.researcher)
    .execute();

  const accounts = {} as Record<SignedInAs, Account>;
  for (const [index, who] of SIGNED_IN.entries()) {
    const phone = `1370000${String(index).padStart(4, "0")}`;
    const bindCode = await codeFor(h, phone, "bind");
    const username = names[who];
    const id = await userId(h, username);
    accounts[who] = { username, password, id, token: "", cookie: "", phone, bindCode, avatarKey: "" };
  }
  await signInAgain(h, accounts);

  const sharedGroupName = "矩阵";
  const createGroup = async (token: string, name: string) =>
    parse(
      await h.app.inject({
        method: "POST",
        url: `/v1/tripitaka/${uids.tripitaka}/sutra_group`,
        headers: bearer(token),
        payload: { name },
      }),
    ).result as { _id: number };
  for (const account of Object.values(accounts)) {
    account.avatarKey = await uploadAvatar(h.app, account.token);
    await createGroup(account.token, sharedGroupName);
  }
  const reader = accounts.reader;
  const readerGroupToDelete = (await createGroup(reader.token, "待删"))._id;
  const readerGroupToRename = (await createGroup(reader.token, "待改名"))._id;
  await h.app.inject({
    method: "POST",
    url: `/v1/${uids.tripitaka}/user_op`,
    headers: bearer(reader.token),
    payload: { op_type: "reel_read", context: { reel_uid: uids.reelUid } },
  });
  const ops = parse(
    await h.app.inject({
      method: "GET",
      url: `/v1/${uids.tripitaka}/user_op`,
      headers: bearer(reader.token),
    }),
  ).result as { list: { _id: number }[] };

  const readerFeedback = parse(
    await h.app.inject({
      method: "POST",
      url: "/v1/feedback/add",
      headers: bearer(reader.token),
      payload: {
        question_type: "content_error",
        source: "by_reel",
        sutra_uid: uids.sutraUid,
        reel_uid: uids.reelUid,
        cids: uids.cids,
        suggestion: "矩阵",
      },
    }),
  ).result as { _id: number };
  const replied = await h.app.inject({
    method: "POST",
    url: `/v1/admin/feedback/${readerFeedback._id}/continue_feedback`,
    headers: bearer(accounts.admin.token),
    payload: { status: "processing", content: "已收到" },
  });
  expect(parse(replied).code).toBe(0);
  const messages = parse(
    await h.app.inject({ method: "GET", url: "/v1/messages", headers: bearer(reader.token) }),
  ).result as { list: { _id: number }[] };

  const subject = await login(h, { username: "m_subject", password });
  const subjectToken = (subject.result as { access_token: string }).access_token;
  await applyForResearch(h, subjectToken, {
    real_name: "矩阵",
    company: "矩阵",
    intro: "矩阵",
    purpose: "矩阵",
  });
  const subjectApplication = await h.database.canon.db
    .selectFrom("application")
    .innerJoin("user", "user.id", "application.user_id")
    .select(["application.id"])
    .where("user.username", "=", "m_subject")
    .executeTakeFirstOrThrow();

  const articleUid = "matrix-article";
  const article = await h.app.inject({
    method: "POST",
    url: "/v1/admin/article/add",
    headers: bearer(accounts.admin.token),
    payload: { title: "矩阵", uid: articleUid, summary: "矩阵", content: "矩阵", is_actived: true },
  });
  expect(parse(article).code).toBe(0);

  return {
    ...uids,
    articleUid,
    readerGroupToDelete,
    readerGroupToRename,
    readerOpId: ops.list[0]?._id ?? 0,
    readerFeedbackId: readerFeedback._id,
    readerMessageId: messages.list[0]?._id ?? 0,
    subjectId: await userId(h, "m_subject"),
    subjectApplicationId: subjectApplication.id,
    sharedGroupName,
    accounts,
  };
}
