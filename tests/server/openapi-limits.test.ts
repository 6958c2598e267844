/**
 * The served OpenAPI document (`/v1/docs/json`) states the list limits the server enforces: a
 * `page_size` the spec gives choices for (10, 20, 50, 100) is an enum of them, every other
 * `page_size` an integer from 1 to its largest size, and a request outside them answers 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.ts";
import { type AuthHarness, startAuthApp } from "./auth-setup.ts";

type Schema = {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  /** Whether the operation requires the field (set on the page_size schemas found). */
  isRequired?: boolean;
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

const CHOICES = [10, 20, 50, 100];

/** The lists whose page sizes are the spec's choices, and the default of each. */
const CHOICE_LISTS: Record<string, number> = {
  "POST /v1/tripitaka/{tripitaka_uid}/sutra/list": 10,
  "POST /v1/tripitaka/{tripitaka_uid}/search": 20,
  // The search's body, whose paging a count does not use.
  "POST /v1/tripitaka/{tripitaka_uid}/match_count": 20,
  "POST /v1/tripitaka/{tripitaka_uid}/pubnote/list": 10,
  "GET /v1/tripitaka/{tripitaka_uid}/char/list": 10,
  "GET /v1/tripitaka/{tripitaka_uid}/char/group/list": 100,
  "GET /v1/tripitaka/{tripitaka_uid}/char_type/list": 10,
};

/** Every other paged list: its largest page size. */
const BOUNDED_LISTS: Record<string, number> = {
  "GET /v1/article": 100,
  "GET /v1/admin/article/list": 100,
  "GET /v1/admin/users": 100,
  "GET /v1/admin/applications": 100,
  "GET /v1/feedbacks": 100,
  "GET /v1/feedback/{id}/logs": 200,
  "GET /v1/admin/feedbacks": 100,
  "GET /v1/admin/feedback/{feedback_id}/logs": 200,
  "GET /v1/messages": 100,
  "GET /v1/persons": 100,
  "GET /v1/{tripitaka_uid}/recent_read": 100,
  "GET /v1/{tripitaka_uid}/user_op": 100,
  "GET /v1/admin/oplog/list": 100,
  "GET /v1/admin/oplog/group/list": 500,
};

function pageSizesOf(doc: Document): Map<string, Schema> {
  const found = new Map<string, Schema>();
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      const parameter = operation.parameters?.find((p) => p.name === "page_size");
      const body = operation.requestBody?.content["application/json"]?.schema;
      const schema = parameter?.schema ?? body?.properties?.page_size;
      const required = parameter?.required === true || body?.required?.includes("page_size") === true;
      if (schema) found.set(route, { ...schema, isRequired: required });
    }
  return found;
}

describe.each(testDialects())("the OpenAPI document's list limits on %s", (dialect) => {
  let h: AuthHarness;
  let doc: Document;

  beforeAll(async () => {
    h = await startAuthApp(dialect, {}, { withCanon: true });
    doc = (await h.app.inject({ method: "GET", url: "/v1/docs/json" })).json() as Document;
  });
  afterAll(() => h.close());

  it("gives every page_size as the spec's choices or a bounded integer, as the routes enforce it", () => {
    const pageSizes = pageSizesOf(doc);
    expect([...pageSizes.keys()].sort()).toEqual(
      [...Object.keys(CHOICE_LISTS), ...Object.keys(BOUNDED_LISTS)].sort(),
    );
    for (const [route, fallback] of Object.entries(CHOICE_LISTS))
      expect(pageSizes.get(route), route).toMatchObject({
        enum: CHOICES,
        default: fallback,
        isRequired: false,
      });
    for (const [route, maximum] of Object.entries(BOUNDED_LISTS)) {
      const schema = pageSizes.get(route);
      expect(schema, route).toMatchObject({ type: "integer", minimum: 1, maximum, isRequired: false });
      expect(schema?.enum, route).toBeUndefined();
    }
  });

  it("says how many book uids get_img_names takes", () => {
    const uids = doc.paths["/v1/get_img_names"]?.get?.parameters?.find((p) => p.name === "uids");
    expect(uids?.description ?? uids?.schema.description).toMatch(/1 to 100 comma-separated book uids/);
  });

  it("refuses a page_size outside the choices (400), in a body and in a query", async () => {
    const sutras = await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/JS/sutra/list",
      payload: { page_size: 30 },
    });
    expect(sutras.statusCode).toBe(400);
    expect(sutras.json()).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/page_size.*10, 20, 50, 100/),
    });
    const search = await h.app.inject({
      method: "POST",
      url: "/v1/tripitaka/JS/search",
      payload: { keyword: "佛", page_size: 1000 },
    });
    expect(search.statusCode).toBe(400);
    for (const size of [50, "50"]) {
      const chosen = await h.app.inject({
        method: "POST",
        url: "/v1/tripitaka/JS/sutra/list",
        payload: { page_size: size },
      });
      expect(chosen.statusCode, String(size)).toBe(size === 50 ? 200 : 400);
    }
    const page = (
      await h.app.inject({ method: "GET", url: "/v1/article", query: { page_size: "101" } })
    ).json();
    expect(page).toMatchObject({ code: 400 });
  });
});
