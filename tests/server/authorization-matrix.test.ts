/**
 * The authorisation matrix, on SQLite and on PostgreSQL: every route the app registers is called
 * as anonymous, a reader, another reader, a researcher and an administrator, with valid requests,
 * and answers the status class its row below says. A route without a row fails the first test, so
 * every new route gets classified here.
 *
 *   ok        2xx
 *   open      anything but 401, 403 or 500 (public routes: their own answers to bad input, or 503
 *             for a service this test app lacks, such as font files)
 *   400, 401, 403  that status, in the error envelope
 *   denied    403 or 404: another reader's resource is neither shown nor changed
 *
 * Then every route that refuses some callers is called with input its schema refuses
 * (authorization-calls.ts): the callers it refuses get the same 401 or 403, before their input is
 * looked at, and the others a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, bearer, startAuthApp } from "./auth-setup.ts";
import { type Call, get, MALFORMED, post, put, T, t } from "./authorization-calls.ts";
import {
  type Account,
  type Fixtures,
  prepareFixtures,
  registeredRoutes,
  SIGNED_IN,
  signInAgain,
  type Who,
} from "./authorization-fixtures.ts";
import { BROWSED_PAGE } from "./oplog-setup.ts";

type Outcome = "ok" | "open" | 400 | 401 | 403 | "denied";
type Expected = Record<Who, Outcome>;
type Row = {
  expected: Expected;
  call: (f: Fixtures, as: Account | null) => Call;
  /** Ends the caller's sessions: run after the others, then everyone signs in again. */
  endsSessions?: true;
};

const everyone = (outcome: Outcome): Expected => ({
  anonymous: outcome,
  reader: outcome,
  otherReader: outcome,
  researcher: outcome,
  admin: outcome,
});
const open = (call: Row["call"]): Row => ({ expected: everyone("open"), call });
const signedIn = (call: Row["call"]): Row => ({ expected: { ...everyone("ok"), anonymous: 401 }, call });
/** A resource of the reader's own: the others are refused (and run before the reader). */
const readerOwn = (call: Row["call"]): Row => ({
  expected: { ...everyone("denied"), anonymous: 401, reader: "ok" },
  call,
});
const adminOnly = (call: Row["call"]): Row => ({
  expected: { ...everyone(403), anonymous: 401, admin: "ok" },
  call,
});

const withCookie = (call: Call, as: Account | null): Call =>
  as ? { ...call, cookies: { refresh_token: as.cookie } } : call;

/** The accounts' password, and a valid-looking one for calls made without an account. */
const PASSWORD = "matrix-1";

/** Every route and who may call it. Routes ending sessions come last. */
const MATRIX: Record<string, Row> = {
  // Service and documentation
  "GET /healthz": open(() => get("/healthz")),
  "GET /readyz": open(() => get("/readyz")),
  "GET /storage/*": open(() => get("/storage/avatar/0/none.png")),
  "GET /v1/docs": open(() => get("/v1/docs")),
  "GET /v1/docs/": open(() => get("/v1/docs/")),
  "GET /v1/docs/json": open(() => get("/v1/docs/json")),
  "GET /v1/docs/yaml": open(() => get("/v1/docs/yaml")),
  "GET /v1/docs/static/index.html": open(() => get("/v1/docs/static/index.html")),
  "GET /v1/docs/static/swagger-initializer.js": open(() => get("/v1/docs/static/swagger-initializer.js")),
  "GET /v1/docs/static/*": open(() => get("/v1/docs/static/swagger-ui.css")),

  // Reading, catalogue and search: anyone
  "GET /v1/tripitaka/all": open(() => get("/v1/tripitaka/all")),
  [`GET ${T}/sutra/all`]: open((f) => get(`${t(f)}/sutra/all`)),
  [`POST ${T}/sutra/list`]: open((f) => post(`${t(f)}/sutra/list`)),
  [`GET ${T}/dynasties`]: open((f) => get(`${t(f)}/dynasties`)),
  [`GET ${T}/categories`]: open((f) => get(`${t(f)}/categories`)),
  [`GET ${T}/authors`]: open((f) => get(`${t(f)}/authors`)),
  [`GET ${T}/catalog`]: open((f) => get(`${t(f)}/catalog`)),
  [`GET ${T}/common_sutra_uids`]: open((f) => get(`${t(f)}/common_sutra_uids`)),
  "GET /v1/sutra/:sutra_uid/catalog": open((f) => get(`/v1/sutra/${f.sutraUid}/catalog`)),
  "GET /v1/reel/:reel_uid": open((f) => get(`/v1/reel/${f.reelUid}`)),
  "GET /v1/reel/:reel_uid/apparatus": open((f) => get(`/v1/reel/${f.reelUid}/apparatus`)),
  "GET /v1/page/:page_uid": open((f) => get(`/v1/page/${f.pageUid}`)),
  "GET /v1/img/:page_uid": open((f) => get(`/v1/img/${f.pageUid}`)),
  "GET /v1/get_img_names": open((f) => get("/v1/get_img_names", { uids: f.bookUid })),
  "GET /v1/page_thumbs": open((f) => get("/v1/page_thumbs", { uids: f.pageUid })),
  "GET /v1/cite": open((f) => get("/v1/cite", { ref: f.pageUid })),
  [`GET ${T}/char/column/img`]: open((f) =>
    get(`/v1/tripitaka/${f.charPageUid.split("_")[0]}/char/column/img`, {
      page_uid: f.charPageUid,
      char_sn: f.charSn,
    }),
  ),
  [`GET ${T}/char/dynamic_font`]: open((f) => get(`${t(f)}/char/dynamic_font`, { chars: "般若" })),
  // Researchers only (tests/server/char-image.test.ts)
  [`GET ${T}/char/list`]: {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: (f) => get(`${t(f)}/char/list`, { ot: "佛" }),
  },
  [`GET ${T}/char/group/list`]: {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: (f) => get(`${t(f)}/char/group/list`, { txt_type: "sim_txt" }),
  },
  [`GET ${T}/char/stats`]: {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: (f) => get(`${t(f)}/char/stats`),
  },
  // Researchers only (tests/server/char-type.test.ts)
  [`GET ${T}/char_type/list`]: {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: (f) => get(`${t(f)}/char_type/list`, { is_manual: "true" }),
  },
  // Researchers only (tests/server/persons.test.ts)
  "GET /v1/persons": {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: () => get("/v1/persons", { name: "鳩摩羅什" }),
  },
  "GET /v1/persons/author_links": {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: () => get("/v1/persons/author_links"),
  },
  "GET /v1/person/:person_id": {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: () => get("/v1/person/A001583"),
  },
  "GET /v1/person/:person_id/graph": {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: () => get("/v1/person/A001583/graph", { depth: "2" }),
  },
  // Researchers only (tests/server/colophons.test.ts)
  [`POST ${T}/pubnote/list`]: {
    expected: { ...everyone(403), anonymous: 401, researcher: "ok" },
    call: (f) => post(`${t(f)}/pubnote/list`, { pub_era: "康熙" }),
  },
  [`POST ${T}/search`]: open((f) => post(`${t(f)}/search`, { keyword: "佛" })),
  [`POST ${T}/match_count`]: open((f) => post(`${t(f)}/match_count`, { keyword: "佛" })),
  "GET /v1/search/variants": open(() => get("/v1/search/variants")),
  [`POST ${T}/offline/plan`]: open((f) =>
    post(`${t(f)}/offline/plan`, { scope: { kind: "sutra", sutra_uid: f.sutraUid }, txt_types: ["ori_txt"] }),
  ),
  "POST /v1/offline/reels": open((f) =>
    post("/v1/offline/reels", { reel_uids: [f.reelUid], txt_types: ["ori_txt"] }),
  ),
  "POST /v1/offline/apparatus": open((f) =>
    post("/v1/offline/apparatus", { reel_uids: [f.reelUid], txt_types: ["ori_txt"] }),
  ),
  "POST /v1/offline/pages": open((f) => post("/v1/offline/pages", { page_uids: [f.pageUid] })),
  // Packs (tests/server/packs-serving.test.ts): public, like the canon they carry; none is held here.
  "GET /v1/packs": open((f) => get("/v1/packs", { tripitaka_uid: f.tripitaka })),
  "GET /v1/packs/:name": open(() => get("/v1/packs/none.canonpack")),
  "POST /v1/track": open(() => post("/v1/track", BROWSED_PAGE)),

  // Signing up and in: anyone (their own answers for wrong codes or captchas)
  "POST /v1/user/captcha": open(() => post("/v1/user/captcha")),
  "POST /v1/is_show_captcha": open(() => post("/v1/is_show_captcha", { username: "m_reader" })),
  "POST /v1/check_user_exists": open(() => post("/v1/check_user_exists", { username: "m_reader" })),
  "POST /v1/user/phone_code": open(() => ({
    method: "POST",
    url: "/v1/user/phone_code",
    query: { receiver: "13800000000", scene: "register", captcha: "0000", identifier: "none" },
  })),
  "POST /v1/user/register": open(() =>
    post("/v1/user/register", {
      username: "m_nobody",
      code: "000000",
      email_or_phone: "m_nobody@example.org",
      password: PASSWORD,
    }),
  ),
  "POST /v1/login": open((_f, as) => ({
    method: "POST",
    url: "/v1/login",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ username: as?.username ?? "m_nobody", password: PASSWORD }).toString(),
  })),
  "POST /v1/user/code_login": open(() => ({
    method: "POST",
    url: "/v1/user/code_login",
    query: { receiver: "m_nobody@example.org", code: "000000" },
  })),
  "PUT /v1/user/password/guest": open(() =>
    put("/v1/user/password/guest", {
      email_or_phone: "m_nobody@example.org",
      code: "000000",
      password: "x-12345",
    }),
  ),
  "GET /v1/user/auth/config": open(() => get("/v1/user/auth/config")),
  "GET /v1/site/config": open(() => get("/v1/site/config")),
  // 404 with no image configured (tests/server/site.test.ts serves one).
  "GET /v1/site/wechat_follow_qr": open(() => get("/v1/site/wechat_follow_qr")),
  "GET /v1/user/auth/google": open(() => get("/v1/user/auth/google", { code: "c" })),
  "GET /v1/user/auth/wechat": open(() => get("/v1/user/auth/wechat", { code: "c" })),
  "GET /v1/refresh_token": {
    expected: { ...everyone("ok"), anonymous: 401 },
    call: (_f, as) => withCookie(get("/v1/refresh_token"), as),
  },
  "POST /v1/refresh_token": {
    expected: { ...everyone("ok"), anonymous: 401 },
    call: (_f, as) => withCookie(post("/v1/refresh_token"), as),
  },

  // A signed-in user's own account
  "GET /v1/user/profile": signedIn(() => get("/v1/user/profile")),
  "PUT /v1/user/nickname": signedIn(() => ({
    method: "PUT",
    url: "/v1/user/nickname",
    query: { nickname: "矩阵" },
  })),
  "PUT /v1/user/bindings": signedIn((_f, as) =>
    put("/v1/user/bindings", {
      method: "phone",
      phone: as?.phone ?? "13700009999",
      code: as?.bindCode ?? "000000",
    }),
  ),
  "GET /v1/oss/token": signedIn(() => get("/v1/oss/token", { oss_prefix: "feedback" })),
  // Signed in, a body that is not a form answers 415.
  "POST /v1/oss/upload": {
    expected: { ...everyone("open"), anonymous: 401 },
    call: () => post("/v1/oss/upload", "not a form"),
  },
  "PUT /v1/user/avatar": signedIn((_f, as) => ({
    method: "PUT",
    url: "/v1/user/avatar",
    query: { avatar: as?.avatarKey ?? "avatar/0/none.png" },
  })),
  "POST /v1/feedback/add": signedIn((f) =>
    post("/v1/feedback/add", {
      question_type: "content_error",
      source: "by_reel",
      sutra_uid: f.sutraUid,
      reel_uid: f.reelUid,
      cids: f.cids,
      suggestion: "矩阵",
    }),
  ),

  // A signed-in user's groups, pins, settings and reading history
  [`GET ${T}/sutra_group/all`]: signedIn((f) => get(`${t(f)}/sutra_group/all`)),
  [`GET ${T}/sutra_group_name/all`]: signedIn((f) => get(`${t(f)}/sutra_group_name/all`)),
  [`POST ${T}/sutra_group`]: signedIn((f) => post(`${t(f)}/sutra_group`, { name: "矩阵新建" })),
  [`POST ${T}/sutra_group/add_sutras`]: signedIn((f) =>
    post(`${t(f)}/sutra_group/add_sutras`, { name: f.sharedGroupName, sutra_uids: [f.sutraUid] }),
  ),
  [`POST ${T}/sutra_group/remove_sutra`]: signedIn((f) =>
    post(`${t(f)}/sutra_group/remove_sutra`, { name: f.sharedGroupName, sutra_uid: f.sutraUid }),
  ),
  [`DELETE ${T}/sutra_group/:id`]: readerOwn((f) => ({
    method: "DELETE",
    url: `${t(f)}/sutra_group/${f.readerGroupToDelete}`,
  })),
  [`PUT ${T}/sutra_group_name/:id`]: readerOwn((f) =>
    put(`${t(f)}/sutra_group_name/${f.readerGroupToRename}`, { name: "已改名" }),
  ),
  [`PUT ${T}/sutra_group_sn`]: readerOwn((f) =>
    put(`${t(f)}/sutra_group_sn`, { [f.readerGroupToRename]: 7 }),
  ),
  "GET /v1/user_conf/:field": signedIn(() => get("/v1/user_conf/top_config")),
  "POST /v1/user_conf/top_config/tripitaka": signedIn((f) =>
    post("/v1/user_conf/top_config/tripitaka", { is_add: true, uid: f.tripitaka }),
  ),
  "POST /v1/user_conf/top_config/sutra": signedIn((f) =>
    post("/v1/user_conf/top_config/sutra", { is_add: true, uid: f.sutraUid, tripitaka_uid: f.tripitaka }),
  ),
  "POST /v1/user_conf/read_config/:field": signedIn(() =>
    post("/v1/user_conf/read_config/fontSize", { value: 20 }),
  ),
  "GET /v1/:tripitaka_uid/recent_read": signedIn((f) => get(`/v1/${f.tripitaka}/recent_read`)),
  "GET /v1/:tripitaka_uid/user_op": signedIn((f) => get(`/v1/${f.tripitaka}/user_op`)),
  "POST /v1/:tripitaka_uid/user_op": signedIn((f) =>
    post(`/v1/${f.tripitaka}/user_op`, { op_type: "reel_read", context: { reel_uid: f.reelUid } }),
  ),
  "DELETE /v1/delete_user_op": readerOwn((f) => ({
    method: "DELETE",
    url: "/v1/delete_user_op",
    query: { id: String(f.readerOpId) },
  })),

  // Feedback conversations, messages and researcher applications
  "GET /v1/feedbacks": signedIn(() => get("/v1/feedbacks")),
  "GET /v1/feedback/:id/logs": readerOwn((f) => get(`/v1/feedback/${f.readerFeedbackId}/logs`)),
  "POST /v1/feedback/:id/continue_feedback": readerOwn((f) =>
    post(`/v1/feedback/${f.readerFeedbackId}/continue_feedback`, { content: "补充" }),
  ),
  "GET /v1/messages": signedIn(() => get("/v1/messages")),
  "POST /v1/messages/:message_id/update": readerOwn((f) =>
    post(`/v1/messages/${f.readerMessageId}/update`, { is_deleted: true }),
  ),
  "GET /v1/user/msg_remind": signedIn(() => get("/v1/user/msg_remind")),
  "POST /v1/applications": signedIn(() =>
    post("/v1/applications", { real_name: "矩阵", company: "矩阵", intro: "矩阵", purpose: "矩阵" }),
  ),
  "GET /v1/applications/status": signedIn(() => get("/v1/applications/status")),
  // Researchers only (tests/server/team-qr.test.ts: 200 with a link configured, 404 without).
  "GET /v1/applications/team_qr": {
    expected: { ...everyone(403), anonymous: 401, researcher: "open" },
    call: () => get("/v1/applications/team_qr"),
  },

  // Administration
  "GET /v1/admin/feedbacks": adminOnly(() => get("/v1/admin/feedbacks")),
  "GET /v1/admin/feedback/:feedback_id": adminOnly((f) => get(`/v1/admin/feedback/${f.readerFeedbackId}`)),
  "GET /v1/admin/feedback/:feedback_id/logs": adminOnly((f) =>
    get(`/v1/admin/feedback/${f.readerFeedbackId}/logs`),
  ),
  "POST /v1/admin/feedback/:feedback_id/continue_feedback": adminOnly((f) =>
    post(`/v1/admin/feedback/${f.readerFeedbackId}/continue_feedback`, {
      status: "processing",
      content: "处理中",
    }),
  ),
  "GET /v1/admin/applications": adminOnly(() => get("/v1/admin/applications")),
  "GET /v1/admin/applications/:apply_id": adminOnly((f) =>
    get(`/v1/admin/applications/${f.subjectApplicationId}`),
  ),
  "POST /v1/admin/applications/:apply_id/deal": adminOnly((f) =>
    post(`/v1/admin/applications/${f.subjectApplicationId}/deal`, { status: "approved" }),
  ),
  "GET /v1/admin/users": adminOnly(() => get("/v1/admin/users", { role: "reader", sort_by: "username" })),
  "GET /v1/admin/user/:id": adminOnly((f) => get(`/v1/admin/user/${f.subjectId}`)),
  "PUT /v1/admin/user/:id": adminOnly((f) => ({
    method: "PUT",
    url: `/v1/admin/user/${f.subjectId}`,
    query: { roles: "reader" },
  })),

  // Articles: readers see published ones; administrators manage them all
  "GET /v1/article": open(() => get("/v1/article")),
  "GET /v1/article/:id": open((f) => get(`/v1/article/${f.articleUid}`, { lang: "en" })),
  "GET /v1/intro/:tripitaka_uid": open((f) => get(`/v1/intro/${f.tripitaka}`)),
  "POST /v1/admin/article/add": adminOnly(() =>
    post("/v1/admin/article/add", { title: "矩阵", uid: "matrix-added", summary: "矩阵", content: "矩阵" }),
  ),
  "GET /v1/admin/article/list": adminOnly(() => get("/v1/admin/article/list", { sort_by: "title" })),
  "GET /v1/admin/article/:id": adminOnly((f) => get(`/v1/admin/article/${f.articleUid}`)),
  "PUT /v1/admin/article/update/:id": adminOnly((f) =>
    put(`/v1/admin/article/update/${f.articleUid}`, {
      title: "矩阵改",
      uid: f.articleUid,
      summary: "矩阵",
      content: "矩阵",
      is_actived: true,
    }),
  ),
  "PUT /v1/admin/article/update_active/:id": adminOnly((f) =>
    put(`/v1/admin/article/update_active/${f.articleUid}`, { is_actived: true }),
  ),
  "PUT /v1/admin/article/update_top/:id": adminOnly((f) =>
    put(`/v1/admin/article/update_top/${f.articleUid}`, { is_top: true }),
  ),

  // The operation log: administrators only
  "GET /v1/admin/oplog/list": adminOnly(() =>
    get("/v1/admin/oplog/list", { start: "2025-01-01", end: "2026-12-31 23:59:59" }),
  ),
  "GET /v1/admin/oplog/users": adminOnly((f) =>
    get("/v1/admin/oplog/users", { ids: String(f.subjectId), keyword: "m_" }),
  ),
  "GET /v1/admin/oplog/group/list": adminOnly(() =>
    get("/v1/admin/oplog/group/list", { start: "2025-01-01", end: "2026-12-31", group_type: "event_id" }),
  ),
  "GET /v1/admin/oplog/count": adminOnly(() =>
    get("/v1/admin/oplog/count", { start: "2026-01-01", end: "2026-01-31 23:59:59" }),
  ),
  "GET /v1/admin/oplog/trend": adminOnly(() =>
    get("/v1/admin/oplog/trend", { start: "2026-01-01", end: "2026-01-31", indicators: "count,ip" }),
  ),

  // Calls that end the caller's sessions
  "POST /v1/logout": { ...open((_f, as) => withCookie(post("/v1/logout"), as)), endsSessions: true },
  "PUT /v1/user/password": {
    ...signedIn((_f, as) =>
      put("/v1/user/password", { oldpassword: as?.password ?? PASSWORD, password: as?.password ?? PASSWORD }),
    ),
    endsSessions: true,
  },
};

/** Others first, the owner last, so that the owner's own deletes and renames come after the refusals. */
const ORDER: readonly Who[] = ["anonymous", "otherReader", "researcher", "admin", "reader"];

function matches(outcome: Outcome, status: number, code: unknown): boolean {
  switch (outcome) {
    case "ok":
      return status >= 200 && status < 300;
    case "open":
      return status !== 401 && status !== 403 && status !== 500;
    case "denied":
      return status === 403 || status === 404;
    default:
      return status === outcome && code === outcome;
  }
}

function bodyCode(body: string): unknown {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

describe.each(testDialects())("the authorisation matrix on %s", (dialect) => {
  let h: AuthHarness;
  let f: Fixtures;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    f = await prepareFixtures(h);
  });
  afterAll(() => h.close());

  it("has a row for every route the app registers, and none for a route it does not", () => {
    const routes = registeredRoutes(h.app);
    expect(routes.length).toBeGreaterThan(50);
    expect(
      routes.filter((route) => !(route in MATRIX)),
      "routes without a row in MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !routes.includes(route)),
      "rows of no route",
    ).toEqual([]);
  });

  it.each(Object.keys(MATRIX))("%s", async (route) => {
    const row = MATRIX[route];
    if (!row) throw new Error(`no row for ${route}`);
    const failures: string[] = [];
    for (const who of ORDER) {
      const account = who === "anonymous" ? null : f.accounts[who];
      const call = row.call(f, account);
      const response = await h.app.inject({
        ...call,
        headers: { ...call.headers, ...(account ? bearer(account.token) : {}) },
      });
      const renewed = response.cookies.find((c) => c.name === "refresh_token" && c.value !== "");
      if (account && renewed) account.cookie = renewed.value;
      const expected = row.expected[who];
      if (!matches(expected, response.statusCode, bodyCode(response.body)))
        failures.push(
          `${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
    }
    if (row.endsSessions) await signInAgain(h, f.accounts);
    expect(failures).toEqual([]);
  });

  const refusing = Object.keys(MATRIX).filter((route) =>
    Object.values(MATRIX[route]?.expected ?? {}).some((outcome) => outcome === 401 || outcome === 403),
  );

  it("has a malformed call for every route that refuses some callers, and none for another route", () => {
    expect(
      refusing.filter((route) => !(route in MALFORMED)),
      "refusing routes without a malformed call",
    ).toEqual([]);
    expect(
      Object.keys(MALFORMED).filter((route) => !refusing.includes(route)),
      "malformed calls of no refusing route",
    ).toEqual([]);
  });

  it.each(refusing.filter((route) => MALFORMED[route]))("%s with malformed input", async (route) => {
    const row = MATRIX[route];
    const malformed = MALFORMED[route];
    if (!row || !malformed) throw new Error(`no malformed call for ${route}`);
    const failures: string[] = [];
    for (const who of ORDER) {
      const account = who === "anonymous" ? null : f.accounts[who];
      const call = malformed(f);
      const response = await h.app.inject({
        ...call,
        headers: { ...call.headers, ...(account ? bearer(account.token) : {}) },
      });
      const refused = row.expected[who];
      const expected = refused === 401 || refused === 403 || refused === "open" ? refused : 400;
      if (!matches(expected, response.statusCode, bodyCode(response.body)))
        failures.push(
          `${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it("keeps each reader's groups, reading history, feedback and messages to that reader", async () => {
    const list = async (as: Account, url: string) =>
      (await h.app.inject({ method: "GET", url, headers: bearer(as.token) })).json() as { result: unknown };
    for (const who of SIGNED_IN) {
      const names = (await list(f.accounts[who], `${t(f)}/sutra_group_name/all`)).result as string[];
      expect(names.includes("已改名") || names.includes("待改名"), who).toBe(who === "reader");
    }
    const others = await list(f.accounts.otherReader, `/v1/${f.tripitaka}/user_op`);
    expect((others.result as { list: { _id: number }[] }).list.map((op) => op._id)).not.toContain(
      f.readerOpId,
    );
    const ids = async (url: string) =>
      ((await list(f.accounts.otherReader, url)).result as { list: { _id: number }[] }).list.map(
        (item) => item._id,
      );
    expect(await ids("/v1/feedbacks")).not.toContain(f.readerFeedbackId);
    expect(await ids("/v1/messages")).not.toContain(f.readerMessageId);
  });
});
