/**
 * One successful request for each /v1 write route that honours `Idempotency-Key`, keyed by
 * "METHOD /v1/route/pattern". Each `prepare` sets up what its request needs through the API and
 * returns the request to send; the test sends it twice with one key.
 */
import { randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import type { SutraGroup, UserOp } from "../../contract/personal.ts";
import type { UploadPolicy } from "../../contract/uploads.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { type AuthHarness, bearer, CAPTCHA_ANSWER, codeFor, login, newCaptcha, parse } from "./auth-setup.ts";
import { flatPng, policyFields, postUpload } from "./upload-requests.ts";

export type CaseContext = {
  h: AuthHarness;
  /** A signed-in reader's token, fresh for each case that changes the account itself. */
  token: string;
  newReader(): Promise<{ token: string; contact: string; password: string }>;
  sutraUids: string[];
  reelUid: string;
  feedbackBody: Record<string, unknown>;
};

export type WriteRequest = Omit<InjectOptions, "headers"> & { headers?: Record<string, string> };
type Prepare = (c: CaseContext) => Promise<WriteRequest>;

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;
const base = "/v1/tripitaka/JS";

async function ok(c: CaseContext, request: WriteRequest): Promise<unknown> {
  const reply = parse(
    await c.h.app.inject({ ...request, headers: { ...bearer(c.token), ...request.headers } }),
  );
  if (reply.code !== 0) throw new Error(`set-up failed: ${String(request.url)} ${reply.code} ${reply.msg}`);
  return reply.result;
}

const newGroup = async (c: CaseContext, sutraUids: string[] = []): Promise<SutraGroup> => {
  const group = (await ok(c, {
    method: "POST",
    url: `${base}/sutra_group`,
    payload: { name: unique("组") },
  })) as SutraGroup;
  if (sutraUids.length > 0)
    await ok(c, {
      method: "POST",
      url: `${base}/sutra_group/add_sutras`,
      payload: { name: group.name, sutra_uids: sutraUids },
    });
  return group;
};

const signedIn = (c: CaseContext, request: WriteRequest): WriteRequest => ({
  ...request,
  headers: { ...bearer(c.token), ...request.headers },
});

async function uploadedAvatar(c: CaseContext): Promise<string> {
  const policy = (await ok(c, {
    method: "GET",
    url: "/v1/oss/token",
    query: { oss_prefix: "avatar" },
  })) as UploadPolicy;
  const key = `${policy.dir}${unique("face")}.png`;
  const file = { bytes: await flatPng(8), name: "face.png", type: "image/png" };
  const reply = await postUpload(c.h.app, policy.host, policyFields(policy, key, file.type), file, c.token);
  if (reply.code !== 0) throw new Error(`upload failed: ${reply.msg}`);
  return (reply.result as { key: string }).key;
}

/** A new administrator's token. */
async function adminToken(c: CaseContext): Promise<string> {
  const admin = { username: unique("admin"), password: "admin-pass1" };
  await ensureAdmin(c.h.database.canon.db, admin, c.h.clock.now);
  return ((await login(c.h, admin)).result as { access_token: string }).access_token;
}

/** A feedback of the signed-in reader's, and optionally an administrator's reply to it. */
async function feedbackOfReader(c: CaseContext, replyAs: string | null = null): Promise<number> {
  const feedback = (await ok(c, { method: "POST", url: "/v1/feedback/add", payload: c.feedbackBody })) as {
    _id: number;
  };
  if (replyAs) {
    const reply = parse(
      await c.h.app.inject({
        method: "POST",
        url: `/v1/admin/feedback/${feedback._id}/continue_feedback`,
        headers: bearer(replyAs),
        payload: { status: "processing", content: "已收到" },
      }),
    );
    if (reply.code !== 0) throw new Error(`set-up failed: reply ${reply.code} ${reply.msg}`);
  }
  return feedback._id;
}

const APPLICATION_FORM = { real_name: "玄奘", company: "大慈恩寺", intro: "译经", purpose: "校勘" };

const articleForm = (uid: string) => ({ title: "公告", uid, summary: "摘要", content: "正文" });

/** A new unpublished article and the token of the administrator who wrote it. */
async function newArticle(c: CaseContext): Promise<{ uid: string; token: string }> {
  const token = await adminToken(c);
  const uid = unique("article-");
  const added = parse(
    await c.h.app.inject({
      method: "POST",
      url: "/v1/admin/article/add",
      headers: bearer(token),
      payload: articleForm(uid),
    }),
  );
  if (added.code !== 0) throw new Error(`set-up failed: article ${added.code} ${added.msg}`);
  return { uid, token };
}

export const WRITE_CASES: Record<string, Prepare> = {
  "POST /v1/tripitaka/:tripitaka_uid/sutra_group": async (c) =>
    signedIn(c, { method: "POST", url: `${base}/sutra_group`, payload: { name: unique("新组") } }),
  "DELETE /v1/tripitaka/:tripitaka_uid/sutra_group/:id": async (c) => {
    const group = await newGroup(c, c.sutraUids.slice(0, 1));
    return signedIn(c, { method: "DELETE", url: `${base}/sutra_group/${group._id}` });
  },
  "PUT /v1/tripitaka/:tripitaka_uid/sutra_group_name/:id": async (c) => {
    const group = await newGroup(c);
    return signedIn(c, {
      method: "PUT",
      url: `${base}/sutra_group_name/${group._id}`,
      payload: { name: unique("改名") },
    });
  },
  "POST /v1/tripitaka/:tripitaka_uid/sutra_group/add_sutras": async (c) => {
    const group = await newGroup(c);
    return signedIn(c, {
      method: "POST",
      url: `${base}/sutra_group/add_sutras`,
      payload: { name: group.name, sutra_uids: c.sutraUids.slice(0, 2) },
    });
  },
  "POST /v1/tripitaka/:tripitaka_uid/sutra_group/remove_sutra": async (c) => {
    const group = await newGroup(c, c.sutraUids.slice(0, 2));
    return signedIn(c, {
      method: "POST",
      url: `${base}/sutra_group/remove_sutra`,
      payload: { name: group.name, sutra_uid: c.sutraUids[0] },
    });
  },
  "PUT /v1/tripitaka/:tripitaka_uid/sutra_group_sn": async (c) => {
    const [a, b] = [await newGroup(c), await newGroup(c)];
    return signedIn(c, {
      method: "PUT",
      url: `${base}/sutra_group_sn`,
      payload: { [a._id]: b.sn, [b._id]: a.sn },
    });
  },
  "POST /v1/user_conf/top_config/tripitaka": async (c) =>
    signedIn(c, {
      method: "POST",
      url: "/v1/user_conf/top_config/tripitaka",
      payload: { is_add: true, uid: "JS" },
    }),
  "POST /v1/user_conf/top_config/sutra": async (c) =>
    signedIn(c, {
      method: "POST",
      url: "/v1/user_conf/top_config/sutra",
      payload: { is_add: true, uid: c.sutraUids[0], tripitaka_uid: "JS" },
    }),
  "POST /v1/user_conf/read_config/:field": async (c) =>
    signedIn(c, { method: "POST", url: "/v1/user_conf/read_config/fontSize", payload: { value: 22 } }),
  "POST /v1/:tripitaka_uid/user_op": async (c) =>
    signedIn(c, {
      method: "POST",
      url: "/v1/JS/user_op",
      payload: { op_type: "reel_read", context: { reel_uid: c.reelUid, reel_uids: [c.reelUid] } },
    }),
  "DELETE /v1/delete_user_op": async (c) => {
    await ok(c, {
      method: "POST",
      url: "/v1/JS/user_op",
      payload: { op_type: "reel_read", context: { reel_uid: c.reelUid } },
    });
    const reads = (await ok(c, { method: "GET", url: "/v1/JS/recent_read" })) as { list: UserOp[] };
    return signedIn(c, {
      method: "DELETE",
      url: "/v1/delete_user_op",
      query: { id: String(reads.list[0]?._id) },
    });
  },
  "POST /v1/feedback/add": async (c) =>
    signedIn(c, { method: "POST", url: "/v1/feedback/add", payload: c.feedbackBody }),
  "POST /v1/feedback/:id/continue_feedback": async (c) => {
    const id = await feedbackOfReader(c);
    return signedIn(c, {
      method: "POST",
      url: `/v1/feedback/${id}/continue_feedback`,
      payload: { content: "补充一处" },
    });
  },
  "POST /v1/admin/feedback/:feedback_id/continue_feedback": async (c) => {
    const id = await feedbackOfReader(c);
    return {
      method: "POST",
      url: `/v1/admin/feedback/${id}/continue_feedback`,
      payload: { status: "completed_valid", content: "已改正" },
      headers: bearer(await adminToken(c)),
    };
  },
  "POST /v1/messages/:message_id/update": async (c) => {
    await feedbackOfReader(c, await adminToken(c));
    const messages = (await ok(c, { method: "GET", url: "/v1/messages" })) as { list: { _id: number }[] };
    return signedIn(c, {
      method: "POST",
      url: `/v1/messages/${messages.list[0]?._id}/update`,
      payload: { is_deleted: true },
    });
  },
  "POST /v1/applications": async (c) => {
    const reader = await c.newReader();
    return {
      method: "POST",
      url: "/v1/applications",
      payload: APPLICATION_FORM,
      headers: bearer(reader.token),
    };
  },
  "POST /v1/admin/applications/:apply_id/deal": async (c) => {
    const reader = await c.newReader();
    const applied = parse(
      await c.h.app.inject({
        method: "POST",
        url: "/v1/applications",
        headers: bearer(reader.token),
        payload: APPLICATION_FORM,
      }),
    );
    if (applied.code !== 0) throw new Error(`set-up failed: apply ${applied.code} ${applied.msg}`);
    const application = await c.h.database.canon.db
      .selectFrom("application")
      .select(["id"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return {
      method: "POST",
      url: `/v1/admin/applications/${application.id}/deal`,
      payload: { status: "approved" },
      headers: bearer(await adminToken(c)),
    };
  },
  "POST /v1/track": async () => ({
    method: "POST",
    url: "/v1/track",
    payload: {
      anonymous_uuid: randomUUID(),
      tripitaka_uid: "JS",
      timezone: "Asia/Shanghai",
      terminal: "PC",
      event_id: "BROWSE_PAGE",
      url: "/JS/reel",
    },
  }),
  "POST /v1/user/phone_code": async (c) => {
    c.h.clock.now += 61_000;
    const identifier = await newCaptcha(c.h.app);
    const receiver = `${unique("code")}@example.org`;
    return {
      method: "POST",
      url: "/v1/user/phone_code",
      query: { receiver, scene: "register", captcha: CAPTCHA_ANSWER, identifier },
    };
  },
  "POST /v1/user/register": async (c) => {
    const contact = `${unique("new")}@example.org`;
    const code = await codeFor(c.h, contact, "register");
    return {
      method: "POST",
      url: "/v1/user/register",
      payload: { username: unique("u"), code, email_or_phone: contact, password: "abc123" },
    };
  },
  "PUT /v1/user/password/guest": async (c) => {
    const reader = await c.newReader();
    const code = await codeFor(c.h, reader.contact, "reset_password");
    return {
      method: "PUT",
      url: "/v1/user/password/guest",
      payload: { email_or_phone: reader.contact, code, password: "new-pass-1" },
    };
  },
  "PUT /v1/user/nickname": async (c) =>
    signedIn(c, { method: "PUT", url: "/v1/user/nickname", query: { nickname: unique("读者") } }),
  "PUT /v1/admin/user/:id": async (c) => {
    const admin = { username: unique("admin"), password: "admin-pass1" };
    await ensureAdmin(c.h.database.canon.db, admin, c.h.clock.now);
    const signedInAdmin = await login(c.h, admin);
    const adminToken = (signedInAdmin.result as { access_token: string }).access_token;
    const reader = await c.newReader();
    const profile = parse(
      await c.h.app.inject({ method: "GET", url: "/v1/user/profile", headers: bearer(reader.token) }),
    ).result as { _id: number };
    return {
      method: "PUT",
      url: `/v1/admin/user/${profile._id}`,
      query: { roles: "reader,researcher" },
      headers: bearer(adminToken),
    };
  },
  "POST /v1/admin/article/add": async (c) => ({
    method: "POST",
    url: "/v1/admin/article/add",
    payload: articleForm(unique("article-")),
    headers: bearer(await adminToken(c)),
  }),
  "PUT /v1/admin/article/update/:id": async (c) => {
    const { uid, token } = await newArticle(c);
    return {
      method: "PUT",
      url: `/v1/admin/article/update/${uid}`,
      payload: { ...articleForm(uid), title: "公告（修订）" },
      headers: bearer(token),
    };
  },
  "PUT /v1/admin/article/update_active/:id": async (c) => {
    const { uid, token } = await newArticle(c);
    return {
      method: "PUT",
      url: `/v1/admin/article/update_active/${uid}`,
      payload: { is_actived: true },
      headers: bearer(token),
    };
  },
  "PUT /v1/admin/article/update_top/:id": async (c) => {
    const { uid, token } = await newArticle(c);
    return {
      method: "PUT",
      url: `/v1/admin/article/update_top/${uid}`,
      payload: { is_top: true },
      headers: bearer(token),
    };
  },
  "PUT /v1/user/bindings": async (c) => {
    const phone = `137${String(10_000_000 + counter++).slice(-8)}`;
    const code = await codeFor(c.h, phone, "bind");
    return signedIn(c, {
      method: "PUT",
      url: "/v1/user/bindings",
      payload: { method: "phone", phone, code },
    });
  },
  "PUT /v1/user/avatar": async (c) => {
    const key = await uploadedAvatar(c);
    return signedIn(c, { method: "PUT", url: "/v1/user/avatar", query: { avatar: key } });
  },
};

/** The writes that ignore the header on purpose (server/plugins/idempotency.ts says why). */
export const EXPECTED_EXCLUDED = [
  "POST /v1/login",
  "POST /v1/user/code_login",
  "POST /v1/refresh_token",
  "POST /v1/logout",
  "PUT /v1/user/password",
  "POST /v1/user/captcha",
  "POST /v1/is_show_captcha",
  "POST /v1/check_user_exists",
  "POST /v1/tripitaka/:tripitaka_uid/sutra/list",
  "POST /v1/tripitaka/:tripitaka_uid/search",
  "POST /v1/tripitaka/:tripitaka_uid/match_count",
  "POST /v1/tripitaka/:tripitaka_uid/pubnote/list",
  "POST /v1/tripitaka/:tripitaka_uid/offline/plan",
  "POST /v1/offline/reels",
  "POST /v1/offline/apparatus",
  "POST /v1/offline/pages",
  "POST /v1/oss/upload",
];

/** "METHOD /path" of every route in `app.printRoutes({ commonPrefix: false })`. */
export function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (depth > 0 ? (paths[depth - 1] ?? "") : "") + (match[2] ?? "");
    paths[depth] = path;
    paths.length = depth + 1;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) routes.push(`${method} ${path}`);
  }
  return routes;
}
