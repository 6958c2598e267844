/**
 * A property-based fuzz test of the /v1 API, generated from its own OpenAPI document: every
 * operation gets a plausible request and a seeded sample of single breaks of it (fuzz-requests.ts),
 * each sent anonymously, as a signed-in reader and as an admin. Whatever is sent, the server never
 * answers 5xx, and every answer is the `{ code, msg, result }` envelope (binary answers of the font
 * and image routes aside). Breaks with a status of their own (413, 414, 415, malformed JSON or
 * percent-encoding) must answer it, unless the caller is refused the route (the 401 or 403 its
 * plausible request gets), which is answered before the request is read.
 *
 * FUZZ_SEED=<n> runs (and replays) another sample; a failure prints the seed and the request.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorEnvelope } from "../../contract/envelope.ts";
import type { SutraGroup } from "../../contract/personal.ts";
import { ensureAdmin } from "../../server/modules/auth/admin.ts";
import { seededRandom } from "../../server/seeded-random.ts";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, accessToken, bearer, registerUser, startAuthApp } from "./auth-setup.ts";
import {
  casesFor,
  type FuzzCase,
  type JsonSchema,
  type Operation,
  type Parameter,
  type Samples,
  seedFor,
  shuffle,
} from "./fuzz-requests.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
/**
 * Cases per operation (the plausible request is always among them): bounds the run's length.
 * FUZZ_CASES=<n> sends more, up to every generated case, for a deeper run by hand.
 */
const CASES_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 45);
/** Routes whose success is a binary body; their errors are still envelopes. */
const BINARY_ROUTES = new Set([
  "GET /v1/img/{page_uid}",
  "GET /v1/tripitaka/{tripitaka_uid}/char/column/img",
  "GET /v1/tripitaka/{tripitaka_uid}/char/dynamic_font",
]);
/**
 * 5xx answers a route gives by design in this harness: the app is built without font files, so
 * the font route answers 503 "no font files are configured" (the fonts tests subset real fonts).
 */
const DESIGNED_5XX: Record<string, number> = {
  "GET /v1/tripitaka/{tripitaka_uid}/char/dynamic_font": 503,
};
/**
 * Routes that may end a session run last, in this order, so the reader's and admin's tokens hold
 * for the others; the deletes run just before them.
 */
const SESSION_ENDING = [/\/password/, /\/refresh_token$/, /\/logout$/];

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content;
      const schema = content?.["application/json"]?.schema ?? Object.values(content ?? {})[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: schema
          ? { required: op.requestBody?.required ?? false, schema, mediaTypes: Object.keys(content ?? {}) }
          : null,
      });
    }
  }
  const rank = (op: Operation) => {
    const ending = SESSION_ENDING.findIndex((pattern) => pattern.test(op.path));
    return ending >= 0 ? 2 + ending : op.method === "DELETE" ? 1 : 0;
  };
  return operations.sort((a, b) => rank(a) - rank(b));
}

type Failure = {
  route: string;
  identity: string;
  label: string;
  request: string;
  status: number;
  body: string;
  problem: string;
};

const clip = (text: string, length = 300) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function describeRequest(c: FuzzCase): string {
  return clip(
    `${c.method} ${c.url} ${JSON.stringify(c.headers)}${c.payload === undefined ? "" : ` ${JSON.stringify(c.payload)}`}`,
  );
}

/** What is wrong with an answer, or null. */
function problemOf(
  c: FuzzCase,
  route: string,
  status: number,
  contentType: string,
  body: string,
  refused: number | undefined,
): string | null {
  const binary = BINARY_ROUTES.has(route);
  if (status >= 500 && DESIGNED_5XX[route] !== status) return `answered ${status}`;
  // A rate limit or a refused caller answers before the request is read, whatever is wrong with it.
  if (c.status !== undefined && status !== c.status && status !== 429 && status !== refused)
    return `answered ${status}, not ${c.status}`;
  if (binary && status < 300) return null;
  if (!contentType.includes("application/json"))
    return `answered ${contentType || "no content type"}, not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "answered a body that is not JSON";
  }
  if (status >= 400) {
    const envelope = errorEnvelope.safeParse(parsed);
    if (!envelope.success) return "answered an error outside the envelope";
    return envelope.data.code === 0 ? "answered an error with code 0" : null;
  }
  const { code, msg } = (parsed ?? {}) as Record<string, unknown>;
  const isEnvelope = typeof parsed === "object" && parsed !== null && "result" in parsed;
  return code === 0 && typeof msg === "string" && isEnvelope ? null : "answered outside the envelope";
}

describe.each(testDialects())("fuzzing every /v1 operation on %s", (dialect) => {
  let h: AuthHarness;
  let identities: Array<[string, Record<string, string>]> = [];
  let readerAuth: Record<string, string> = {};
  const samples: Samples = {};

  beforeAll(async () => {
    const unlimited = { max: 1_000_000, timeWindowMs: 60_000 };
    h = await startAuthApp(dialect, { rateLimit: unlimited, trackRateLimit: unlimited }, { withCanon: true });
    const reader = { username: "fuzz_reader", contact: "fuzz@example.com", password: "reader-pass-1" };
    expect((await registerUser(h, reader)).code).toBe(0);
    await ensureAdmin(h.database.canon.db, { username: "fuzz_admin", password: "admin-pass-1" }, h.clock.now);
    readerAuth = bearer(await accessToken(h, reader.username, reader.password));
    const adminToken = await accessToken(h, "fuzz_admin", "admin-pass-1");
    identities = [
      ["anonymous", {}],
      ["reader", readerAuth],
      ["admin", bearer(adminToken)],
    ];
    Object.assign(samples, await learnSamples(h, readerAuth), {
      username: reader.username,
      receiver: reader.contact,
      email_or_phone: reader.contact,
      phone_or_email: reader.contact,
      oldpassword: "not-the-password-1",
      password: "new-pass-2",
    });
  });
  afterAll(() => h.close());

  it(`answers every bad request in the envelope, never 5xx (seed ${SEED})`, async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as OpenApiDocument;
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    const failures: Failure[] = [];
    let sent = 0;
    for (const op of operations) {
      samples.id = await sampleGroupId(h, String(samples.tripitaka_uid), readerAuth);
      const random = seededRandom(seedFor(SEED, `${op.method} ${op.path}`));
      const [plausible, ...breaks] = casesFor(op, samples, random);
      const cases = [plausible, ...shuffle(random, breaks).slice(0, CASES_PER_OPERATION - 1)];
      const route = `${op.method} ${op.path}`;
      const refusedWith = new Map<string, number>();
      for (const c of cases) {
        if (!c) continue;
        for (const [identity, auth] of identities) {
          const headers = { ...auth, ...c.headers };
          const response = await h.app.inject({
            method: c.method as "GET",
            url: c.url,
            headers,
            ...(c.payload === undefined ? {} : { payload: c.payload }),
          });
          sent++;
          const contentType = String(response.headers["content-type"] ?? "");
          if (c === plausible && (response.statusCode === 401 || response.statusCode === 403))
            refusedWith.set(identity, response.statusCode);
          const refused = refusedWith.get(identity);
          const problem = problemOf(c, route, response.statusCode, contentType, response.body, refused);
          if (problem)
            failures.push({
              route,
              identity,
              label: c.label,
              request: describeRequest(c),
              status: response.statusCode,
              body: clip(BINARY_ROUTES.has(route) ? contentType : response.body),
              problem,
            });
        }
      }
    }
    if (failures.length > 0) {
      console.error(
        `fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it): ${failures.length} of ${sent} answers wrong\n` +
          failures
            .slice(0, 60)
            .map(
              (f) =>
                `- ${f.route} [${f.identity}] ${f.label}: ${f.problem}\n    ${f.request}\n    → ${f.status} ${f.body}`,
            )
            .join("\n"),
      );
    }
    expect(failures.map((f) => `${f.route}: ${f.label} (${f.identity}): ${f.problem}`)).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // Thousands of requests through every route: more than one ordinary test's time on a busy machine.
  }, 180_000);
});

const SAMPLE_GROUP = "常读";

/**
 * The id of the reader's sample group, made again if a request renamed or deleted it, so that the
 * plausible requests of the group routes find it.
 */
async function sampleGroupId(h: AuthHarness, tripitaka: string, reader: Record<string, string>) {
  const url = `/v1/tripitaka/${tripitaka}/sutra_group`;
  await h.app.inject({ method: "POST", url, headers: reader, payload: { name: SAMPLE_GROUP } });
  const groups = await h.app.inject({ method: "GET", url: `${url}/all`, headers: reader });
  const found = (groups.json() as { result: SutraGroup[] }).result.find((g) => g.name === SAMPLE_GROUP);
  if (!found) throw new Error("the reader's sample group cannot be made");
  return found._id;
}

/** Real uids and ids of the starter canon and of the reader's own data, for plausible requests. */
async function learnSamples(h: AuthHarness, reader: Record<string, string>): Promise<Samples> {
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await h.app.inject({ method: "GET", url, headers });
    return (response.json() as { result: unknown }).result;
  };
  const tripitakas = (await get("/v1/tripitaka/all")) as Array<{ uid: string }>;
  let sample: { tripitaka: string; sutra: string; reel: string } | null = null;
  for (const { uid } of tripitakas) {
    const { sutras } = (await get(`/v1/tripitaka/${uid}/sutra/all`)) as {
      sutras: Array<{ uid: string; reel_uids: Array<[string, string]> }>;
    };
    const sutra = sutras.find((s) => s.reel_uids.length > 0);
    if (sutra?.reel_uids[0]) {
      sample = { tripitaka: uid, sutra: sutra.uid, reel: sutra.reel_uids[0][0] };
      break;
    }
  }
  if (!sample) throw new Error("the starter canon has no reel");
  const reel = (await get(`/v1/reel/${sample.reel}`)) as { pages: Array<{ uid: string }> };
  const page = reel.pages[0]?.uid ?? "JS_1_1a";
  return {
    tripitaka_uid: sample.tripitaka,
    uid: [sample.sutra, sample.tripitaka],
    sutra_uid: sample.sutra,
    sutra_uids: [sample.sutra],
    reel_uid: sample.reel,
    reel_uids: [sample.reel],
    page_uid: page,
    page_uids: [page],
    page_id: page,
    uids: page.split("_").slice(0, 2).join("_"),
    cids: [`${page}.1`],
    char_sn: "1.1",
    id: await sampleGroupId(h, sample.tripitaka, reader),
    name: SAMPLE_GROUP,
    sutra_group_names: [SAMPLE_GROUP],
    keyword: "如是",
    chars: "如是我聞",
    field: ["top_config", "fontSize"],
    nickname: "讀者",
    oss_prefix: "feedback",
    code: "123456",
    captcha: "ABCD",
    identifier: "x",
    scene: "register",
    suggestion: "此處有誤",
    attachment: null,
    page_size: 10,
    page_no: 1,
    roles: "reader",
    method: "email",
    phone: "13800000000",
    email: "new@example.com",
    anonymous_uuid: "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
    avatar: "avatar/1/a.png",
    // No one's application: approving the reader's own would end the reader's access tokens.
    apply_id: 2_147_483_647,
  };
}
