/**
 * The rows of bad-requests.test.ts: one bad request each, with the status (and catalogue code) it
 * must answer and part of the message that must say why.
 */

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Send = {
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  /** Sent with the signed-in reader's token. */
  signedIn?: boolean;
};
/** A reel of the starter canon and one of its lines, for feedback that reaches its checks. */
export type CanonSample = { sutra: string; reel: string; cid: string };
export type Row = [label: string, send: Send | ((canon: CanonSample) => Send), status: number, msg?: string];

const CONTROL_OR_BIDI = "must not contain control or bidirectional formatting characters";
const MULTI_LINE = "must not contain control characters (other than line breaks and tabs)";
const SURROGATE = "must not contain unpaired surrogates";
const MiB = 1024 * 1024;

const post = (url: string, payload: string, contentType: string | null = "application/json"): Send => ({
  method: "POST",
  url,
  payload,
  headers: contentType === null ? {} : { "content-type": contentType },
});
const get = (url: string): Send => ({ method: "GET", url });
const asReader = (send: Send): Send => ({ ...send, signedIn: true });
const json = (value: unknown) => JSON.stringify(value);

export const transportRows: Row[] = [
  ["text/plain body", post("/v1/is_show_captcha", '{"username":"a"}', "text/plain"), 415, "text/plain"],
  ["XML body", post("/v1/is_show_captcha", "<username>a</username>", "application/xml"), 415],
  [
    "body without Content-Type",
    post("/v1/is_show_captcha", '{"username":"a"}', null),
    415,
    "no Content-Type",
  ],
  ["multipart on a JSON route", post("/v1/is_show_captcha", "--x--", "multipart/form-data; boundary=x"), 415],
  [
    "JSON body over 1 MiB",
    post("/v1/is_show_captcha", json({ username: "a".repeat(MiB) })),
    413,
    "1048576 bytes",
  ],
  [
    "form body over 1 MiB",
    post("/v1/login", `username=${"a".repeat(MiB)}`, "application/x-www-form-urlencoded"),
    413,
  ],
  ["invalid JSON", post("/v1/is_show_captcha", '{"username":'), 400, "not valid JSON"],
  ["empty JSON body", post("/v1/is_show_captcha", ""), 400, "empty"],
  ["__proto__ key", post("/v1/is_show_captcha", '{"__proto__":{"a":1}}'), 400],
  ["JSON array where an object is due", post("/v1/is_show_captcha", "[]"), 400, "body"],
  ["truncated percent-encoding in the path", get("/v1/reel/%E0%A4%A"), 400, "percent-encoding"],
  ["non-hex percent-encoding in the path", get("/v1/reel/%zz"), 400, "percent-encoding"],
  ["a lone % in the path", get("/v1/page/%"), 400],
  ["path parameter of 101 characters", get(`/v1/reel/${"a".repeat(101)}`), 414, "longer than 100"],
  ["path parameter of 100 KB", get(`/v1/sutra/${encodeURIComponent("經".repeat(30_000))}/catalog`), 414],
  ["path parameter of 100 characters", get(`/v1/reel/${"a".repeat(100)}`), 400, "params.reel_uid"],
  ["unknown route", get("/v1/no/such/route"), 404],
  ["upload that is not multipart", asReader(post("/v1/oss/upload", "{}")), 415, "multipart/form-data"],
  [
    "multipart upload without a boundary",
    asReader(post("/v1/oss/upload", "--x--", "multipart/form-data")),
    400,
    "unreadable upload form",
  ],
  [
    "truncated multipart upload",
    asReader(
      post(
        "/v1/oss/upload",
        '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nab',
        "multipart/form-data; boundary=x",
      ),
    ),
    400,
    "unreadable upload form",
  ],
];

const track = (fields: Record<string, string>) =>
  post(
    "/v1/track",
    json({
      anonymous_uuid: "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
      tripitaka_uid: null,
      timezone: "Asia/Shanghai",
      terminal: "PC",
      event_id: "LOGIN",
      url: "/",
      ...fields,
    }),
  );

/** NUL reaching PostgreSQL fails the query: each of these once answered 500 there. */
export const unstorableRows: Row[] = [
  [
    "NUL in a captcha identifier",
    {
      method: "POST",
      url: "/v1/user/phone_code?receiver=a%40b.org&captcha=ABCD&scene=register&identifier=%00",
    },
    400,
    "querystring.identifier",
  ],
  [
    "NUL in a login's captcha identifier",
    post("/v1/login", json({ username: "a", password: "b", captcha: "ABCD", identifier: "a\0b" })),
    400,
    "body.identifier",
  ],
  ["NUL in a tracking time zone", track({ timezone: "\0" }), 400, "body.timezone"],
  ["NUL in a tracked URL", track({ url: "/a\0" }), 400, "body.url: must not contain NUL"],
  [
    "NUL in a pinned sutra uid",
    asReader(post("/v1/user_conf/top_config/sutra", json({ is_add: true, uid: "\0", tripitaka_uid: "JS" }))),
    400,
    "body.uid: not a sutra uid",
  ],
  [
    "NUL in a sutra uid removed from a group",
    asReader(post("/v1/tripitaka/JS/sutra_group/remove_sutra", json({ name: "早课", sutra_uid: "a\0b" }))),
    400,
    "body.sutra_uid",
  ],
];

const nickname = (value: string): Send => ({
  method: "PUT",
  url: `/v1/user/nickname?nickname=${encodeURIComponent(value)}`,
  signedIn: true,
});
const newGroup = (name: string) => asReader(post("/v1/tripitaka/JS/sutra_group", json({ name })));

export const nameRows: Row[] = [
  [
    "username with a right-to-left override",
    post(
      "/v1/user/register",
      json({ username: "ab\u202Ecd", code: "123456", email_or_phone: "x@example.org", password: "abc123" }),
    ),
    400,
    `body.username: ${CONTROL_OR_BIDI}`,
  ],
  ["sign-in name with NUL", post("/v1/is_show_captcha", json({ username: "a\0" })), 400, CONTROL_OR_BIDI],
  [
    "nickname with a right-to-left override",
    nickname("僧\u202E伽"),
    400,
    `querystring.nickname: ${CONTROL_OR_BIDI}`,
  ],
  ["nickname with a first-strong isolate", nickname("a\u2068b\u2069"), 400, CONTROL_OR_BIDI],
  ["nickname with a right-to-left mark", nickname("a\u200Fb"), 400, CONTROL_OR_BIDI],
  ["nickname with an Arabic letter mark", nickname("a\u061Cb"), 400, CONTROL_OR_BIDI],
  ["nickname with NUL", nickname("a\0b"), 400, CONTROL_OR_BIDI],
  ["nickname with a C1 control", nickname("a\u0085b"), 400, CONTROL_OR_BIDI],
  ["nickname with a line break inside", nickname("a\nb"), 400, CONTROL_OR_BIDI],
  ["nickname with emoji and combining marks", nickname("禪👍🏽e\u0301"), 200],
  ["group name with a right-to-left override", newGroup("晚课\u202E"), 400, `body.name: ${CONTROL_OR_BIDI}`],
  ["group name with a left-to-right embedding", newGroup("\u202A晚课"), 400, CONTROL_OR_BIDI],
  ["group name with a tab inside", newGroup("晚\t课"), 400, CONTROL_OR_BIDI],
  ["group name with a lone surrogate", newGroup("晚\uD800课"), 400, `body.name: ${SURROGATE}`],
  [
    "group renamed with a pop isolate",
    { ...newGroup("晚课\u2069"), method: "PUT", url: "/v1/tripitaka/JS/sutra_group_name/1" },
    400,
    CONTROL_OR_BIDI,
  ],
  ["group name with emoji", newGroup("晚课🙏"), 200],
  [
    "group searched by a name with NUL",
    post("/v1/tripitaka/JS/search", json({ keyword: "如是", sutra_group_names: ["a\0"] })),
    400,
    "body.sutra_group_names.0",
  ],
];

const feedback =
  (fields: Record<string, string>) =>
  (canon: CanonSample): Send =>
    asReader(
      post(
        "/v1/feedback/add",
        json({
          question_type: "content_error",
          source: "by_reel",
          sutra_uid: canon.sutra,
          reel_uid: canon.reel,
          cids: [canon.cid],
          origin_text: "如是我聞",
          suggestion: "當作某字",
          ...fields,
        }),
      ),
    );
const search = (keyword: string) => post("/v1/tripitaka/JS/search", json({ keyword, search_mode: "exact" }));

export const textRows: Row[] = [
  ["suggestion over several lines", feedback({ suggestion: "第一行\n第二行\r\n\t第三行" }), 200],
  ["suggestion with NUL", feedback({ suggestion: "當作\0某字" }), 400, `body.suggestion: ${MULTI_LINE}`],
  [
    "suggestion with a right-to-left override",
    feedback({ suggestion: "當作\u202E某字" }),
    400,
    "body.suggestion",
  ],
  [
    "suggestion with a lone surrogate",
    feedback({ suggestion: "當作\uDC00" }),
    400,
    `body.suggestion: ${SURROGATE}`,
  ],
  ["selection with a backspace", feedback({ origin_text: "如是\b我聞" }), 400, "body.origin_text"],
  ["keyword with NUL", search("如\0是"), 400, "body.keyword: must not contain NUL characters"],
  ["keyword with a lone surrogate", search("如\uD800是"), 400, `body.keyword: ${SURROGATE}`],
  ["keyword with a right-to-left override", search("如是\u202E"), 200],
  ["keyword with a supplementary-plane char", search("𠀀 如是"), 200],
];
