/**
 * The requests of the authorisation matrix (authorization-matrix.test.ts): how a call is written,
 * and for every route that refuses some callers, a call whose input its schema refuses. A caller
 * refused with a valid call must be refused the same way with that one (never told 400 and what
 * was wrong with its input), and the callers let through get 400, which shows the input is bad
 * (or, where the matrix expects any answer of them, what the route answers to it).
 */
import type { Fixtures } from "./authorization-fixtures.ts";

export type Call = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  query?: Record<string, string>;
  payload?: object | string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

export const get = (url: string, query?: Record<string, string>): Call => ({
  method: "GET",
  url,
  ...(query && { query }),
});
export const post = (url: string, payload: object | string = {}): Call => ({ method: "POST", url, payload });
export const put = (url: string, payload?: object): Call => ({
  method: "PUT",
  url,
  ...(payload && { payload }),
});

export const T = "/v1/tripitaka/:tripitaka_uid";
export const t = (f: Fixtures) => `/v1/tripitaka/${f.tripitaka}`;

const PERIOD = { start: "2026-01-01", end: "2026-01-31" };

/**
 * A malformed call of every route that refuses some callers, by the MATRIX's route key; null for a
 * route that reads no input of its caller's (nothing in it can be malformed).
 */
export const MALFORMED: Record<string, ((f: Fixtures) => Call) | null> = {
  // Researchers
  [`GET ${T}/char/list`]: (f) => get(`${t(f)}/char/list`, { page_no: "0" }),
  [`GET ${T}/char/group/list`]: (f) => get(`${t(f)}/char/group/list`, { txt_type: "all_txt" }),
  [`GET ${T}/char/stats`]: (f) => get(`${t(f)}/char/stats`, { sutra_uid: "not a sutra" }),
  [`GET ${T}/char_type/list`]: (f) => get(`${t(f)}/char_type/list`, { is_manual: "maybe" }),
  "GET /v1/persons": () => get("/v1/persons", { page_size: "1000" }),
  "GET /v1/persons/author_links": null,
  "GET /v1/person/:person_id": () => get(`/v1/person/${"A".repeat(40)}`),
  "GET /v1/person/:person_id/graph": () => get("/v1/person/A001583/graph", { depth: "9" }),
  [`POST ${T}/pubnote/list`]: (f) => post(`${t(f)}/pubnote/list`, { pub_era: 1662 }),
  "GET /v1/applications/team_qr": null,

  // Sessions
  "GET /v1/refresh_token": null,
  "POST /v1/refresh_token": null,

  // A signed-in user's own account
  "GET /v1/user/profile": null,
  "PUT /v1/user/nickname": () => ({ method: "PUT", url: "/v1/user/nickname", query: { nickname: "" } }),
  "PUT /v1/user/bindings": () => put("/v1/user/bindings", { method: "fax", code: "000000" }),
  "GET /v1/oss/token": () => get("/v1/oss/token", { oss_prefix: "anything" }),
  "POST /v1/oss/upload": () => post("/v1/oss/upload", "not a form"),
  "PUT /v1/user/avatar": () => put("/v1/user/avatar"),
  "POST /v1/feedback/add": () => post("/v1/feedback/add", { question_type: 7, suggestion: [] }),
  "PUT /v1/user/password": () => put("/v1/user/password", { oldpassword: "" }),

  // Groups, pins, settings and reading history
  [`GET ${T}/sutra_group/all`]: () => get("/v1/tripitaka/js/sutra_group/all"),
  [`GET ${T}/sutra_group_name/all`]: () => get("/v1/tripitaka/JSJSJS/sutra_group_name/all"),
  [`POST ${T}/sutra_group`]: (f) => post(`${t(f)}/sutra_group`, { name: "" }),
  [`POST ${T}/sutra_group/add_sutras`]: (f) =>
    post(`${t(f)}/sutra_group/add_sutras`, { name: f.sharedGroupName, sutra_uids: [] }),
  [`POST ${T}/sutra_group/remove_sutra`]: (f) => post(`${t(f)}/sutra_group/remove_sutra`, { name: 3 }),
  [`DELETE ${T}/sutra_group/:id`]: (f) => ({ method: "DELETE", url: `${t(f)}/sutra_group/first` }),
  [`PUT ${T}/sutra_group_name/:id`]: (f) =>
    put(`${t(f)}/sutra_group_name/${f.readerGroupToRename}`, { name: "名".repeat(21) }),
  [`PUT ${T}/sutra_group_sn`]: (f) => put(`${t(f)}/sutra_group_sn`, { [f.readerGroupToRename]: "first" }),
  "GET /v1/user_conf/:field": () => get("/v1/user_conf/everything"),
  "POST /v1/user_conf/top_config/tripitaka": () =>
    post("/v1/user_conf/top_config/tripitaka", { is_add: "yes", uid: "JS" }),
  "POST /v1/user_conf/top_config/sutra": () => post("/v1/user_conf/top_config/sutra", { is_add: true }),
  "POST /v1/user_conf/read_config/:field": () => post("/v1/user_conf/read_config/9lives", { value: 1 }),
  "GET /v1/:tripitaka_uid/recent_read": (f) => get(`/v1/${f.tripitaka}/recent_read`, { page_size: "0" }),
  "GET /v1/:tripitaka_uid/user_op": (f) => get(`/v1/${f.tripitaka}/user_op`, { op_type: "skim" }),
  "POST /v1/:tripitaka_uid/user_op": (f) => post(`/v1/${f.tripitaka}/user_op`, { op_type: "skim" }),
  "DELETE /v1/delete_user_op": () => ({ method: "DELETE", url: "/v1/delete_user_op", query: { id: "-1" } }),

  // Feedback conversations, messages and researcher applications
  "GET /v1/feedbacks": () => get("/v1/feedbacks", { sort_by: "suggestion" }),
  "GET /v1/feedback/:id/logs": () => get("/v1/feedback/0/logs"),
  "POST /v1/feedback/:id/continue_feedback": (f) =>
    post(`/v1/feedback/${f.readerFeedbackId}/continue_feedback`, { content: "" }),
  "GET /v1/messages": () => get("/v1/messages", { msg_type: "spam" }),
  "POST /v1/messages/:message_id/update": (f) =>
    post(`/v1/messages/${f.readerMessageId}/update`, { is_deleted: false }),
  "GET /v1/user/msg_remind": null,
  "POST /v1/applications": () => post("/v1/applications", { real_name: "" }),
  "GET /v1/applications/status": null,

  // Administration
  "GET /v1/admin/feedbacks": () => get("/v1/admin/feedbacks", { status: "lost" }),
  "GET /v1/admin/feedback/:feedback_id": () => get("/v1/admin/feedback/first"),
  "GET /v1/admin/feedback/:feedback_id/logs": (f) =>
    get(`/v1/admin/feedback/${f.readerFeedbackId}/logs`, { page_size: "1000" }),
  "POST /v1/admin/feedback/:feedback_id/continue_feedback": (f) =>
    post(`/v1/admin/feedback/${f.readerFeedbackId}/continue_feedback`, { status: "gone", content: "x" }),
  "GET /v1/admin/applications": () => get("/v1/admin/applications", { latest_status: "maybe" }),
  "GET /v1/admin/applications/:apply_id": () => get("/v1/admin/applications/0"),
  "POST /v1/admin/applications/:apply_id/deal": (f) =>
    post(`/v1/admin/applications/${f.subjectApplicationId}/deal`, { status: "maybe" }),
  "GET /v1/admin/users": () => get("/v1/admin/users", { role: "emperor" }),
  "GET /v1/admin/user/:id": () => get("/v1/admin/user/first"),
  "PUT /v1/admin/user/:id": (f) => put(`/v1/admin/user/${f.subjectId}`),
  "POST /v1/admin/article/add": () => post("/v1/admin/article/add", { title: "", uid: "../up" }),
  "GET /v1/admin/article/list": () => get("/v1/admin/article/list", { is_actived: "yes" }),
  "GET /v1/admin/article/:id": () => get("/v1/admin/article/-dash-first"),
  "PUT /v1/admin/article/update/:id": (f) => put(`/v1/admin/article/update/${f.articleUid}`, { title: "" }),
  "PUT /v1/admin/article/update_active/:id": (f) =>
    put(`/v1/admin/article/update_active/${f.articleUid}`, { is_actived: "yes" }),
  "PUT /v1/admin/article/update_top/:id": (f) =>
    put(`/v1/admin/article/update_top/${f.articleUid}`, { is_top: "yes" }),
  "GET /v1/admin/oplog/list": () => get("/v1/admin/oplog/list"),
  "GET /v1/admin/oplog/users": () => get("/v1/admin/oplog/users", { ids: "one,two" }),
  "GET /v1/admin/oplog/group/list": () =>
    get("/v1/admin/oplog/group/list", { ...PERIOD, group_type: "year" }),
  "GET /v1/admin/oplog/count": () => get("/v1/admin/oplog/count", { start: "yesterday", end: "today" }),
  "GET /v1/admin/oplog/trend": () =>
    get("/v1/admin/oplog/trend", { ...PERIOD, time_type: "week", indicators: "count" }),
};
