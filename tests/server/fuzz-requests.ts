/**
 * Bad requests generated from the OpenAPI document, for fuzz-openapi.test.ts: for one operation, a
 * plausible request built from its schemas and, from it, variants that break one thing each (a
 * wrong type, a missing field, a huge or odd string, a malformed path, a wrong content type, an
 * oversize or unparsable body). A seeded generator makes every run's cases the same.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
};

export type Parameter = {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  /** `mediaTypes`: the body types the operation reads (a beacon route reads text/plain too). */
  body: { required: boolean; schema: JsonSchema; mediaTypes: string[] } | null;
};

export type FuzzCase = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** The status this break must answer, when it has one whatever the route. */
  status?: number;
};

/** A seed for one operation, so that its cases do not depend on the other routes. */
export function seedFor(seed: number, text: string): number {
  let hash = seed >>> 0;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return hash;
}

export function shuffle<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export const HUGE_STRING = "經".repeat(100 * 1024);
/** NUL, C0 and C1 controls, unpaired surrogates, bidi overrides, emoji, combining marks, and more. */
export const ODD_STRINGS = [
  "\0",
  "a\0b",
  "\uD800",
  "x\uDC00",
  "\u202Egnp.exe",
  "\u2066ab\u2069",
  "\u200F",
  "😀👍🏽",
  "👨‍👩‍👧",
  "e\u0301\u0302\u0303",
  "\u0085\u009F",
  "\u2028\u2029",
  "\uFEFF",
  "𠀀𪚥",
  "\u{F0000}",
  " ",
  "",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "<script>",
  "null",
  "-1",
  "1e309",
];
const WRONG_TYPES: unknown[] = [0, -1, 1.5, 1e308, true, false, null, "text", [], [null], {}, { a: 1 }];
const MALFORMED_ENCODINGS = ["%E0%A4%A", "%", "%zz", "%ED%A0%80", "%C0%AF", "%FF%FE"];
const INVALID_JSON = ["{", '{"a":}', "[1,", "nul", "{'a':1}", "\u0000", '{"a":1}}', "[".repeat(5000)];
/** A body one byte over 1 MiB, the server's limit. */
export const OVERSIZE_BODY = `{"x":"${"a".repeat(1024 * 1024)}"}`;

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * Plausible values by field name, learned from the running app (uids and ids of real rows). For a
 * string field, a list gives candidates: the first that fits the field's pattern and length wins.
 */
export type Samples = Record<string, unknown>;

function stringSample(schema: JsonSchema, name: string, samples: Samples): string {
  const known = samples[name];
  const knownStrings = (Array.isArray(known) ? known : [known]).filter(
    (v): v is string => typeof v === "string",
  );
  const pattern = schema.pattern ? new RegExp(schema.pattern, "u") : null;
  const fits = (value: string) =>
    (!pattern || pattern.test(value)) &&
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  const candidates = [...knownStrings, "abc", "JS", "1", "a_1", "x".repeat(schema.minLength ?? 1)];
  return candidates.find(fits) ?? "x";
}

/** A plausible value of `schema`: what a client following the document would send. */
export function sampleOf(schema: JsonSchema, name: string, samples: Samples, depth = 0): unknown {
  const known = samples[name];
  if (known === null && schema.nullable) return null;
  if (known !== undefined && typesOf(schema).some((type) => type !== "string")) return known;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) {
    const option = options.find((o) => !typesOf(o).includes("null")) ?? options[0];
    return option ? sampleOf(option, name, samples, depth) : null;
  }
  const types = typesOf(schema);
  if (types.includes("string")) return stringSample(schema, name, samples);
  if (types.includes("integer") || types.includes("number")) return Math.max(schema.minimum ?? 1, 1);
  if (types.includes("boolean")) return true;
  if (types.includes("array")) {
    if (depth > 4) return [];
    const { items, prefixItems } = schema;
    if (Array.isArray(items)) return items.map((item) => sampleOf(item, name, samples, depth + 1));
    if (prefixItems) return prefixItems.map((item) => sampleOf(item, name, samples, depth + 1));
    const count = Math.max(schema.minItems ?? 1, 1);
    return Array.from({ length: count }, () => sampleOf(items ?? {}, name, samples, depth + 1));
  }
  if (types.includes("object") || schema.properties) return objectSample(schema, samples, depth);
  return schema.default ?? "x";
}

function objectSample(schema: JsonSchema, samples: Samples, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > 4) return out;
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    out[key] = sampleOf(property, key, samples, depth + 1);
  }
  const extra = schema.additionalProperties;
  if (typeof extra === "object" && !schema.properties) out["1"] = sampleOf(extra, "1", samples, depth + 1);
  return out;
}

/** A value as it goes into a URL: UTF-8 percent-encoding, unpaired surrogates included. */
export function encodeUrlValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return [...Buffer.from(text, "utf8")]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

type Parts = {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
};

function buildCase(op: Operation, label: string, parts: Parts, extra: Partial<FuzzCase> = {}): FuzzCase {
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => parts.path[name] ?? "x");
  const query = Object.entries(parts.query)
    .map(([key, value]) => `${encodeUrlValue(key)}=${value}`)
    .join("&");
  const headers = { ...parts.headers };
  let payload: string | undefined;
  if (op.body && parts.body !== undefined) {
    payload = JSON.stringify(parts.body);
    headers["content-type"] = "application/json";
  }
  return {
    label,
    method: op.method,
    url: query === "" ? url : `${url}?${query}`,
    headers,
    payload,
    ...extra,
  };
}

/** The plausible request and every single break of it, in a seeded order. */
export function casesFor(op: Operation, samples: Samples, random: () => number): FuzzCase[] {
  const base: Parts = { path: {}, query: {}, headers: {}, body: undefined };
  for (const parameter of op.parameters) {
    if (parameter.in === "header") continue;
    if (parameter.in === "query" && !parameter.required && random() < 0.5) continue;
    base[parameter.in][parameter.name] = encodeUrlValue(sampleOf(parameter.schema, parameter.name, samples));
  }
  if (op.body) base.body = sampleOf(op.body.schema, "", samples);
  const cases: FuzzCase[] = [buildCase(op, "plausible request", base)];
  const variant = (label: string, change: (parts: Parts) => void, extra: Partial<FuzzCase> = {}) => {
    const parts = structuredClone(base);
    change(parts);
    cases.push(buildCase(op, label, parts, extra));
  };

  for (const parameter of op.parameters) {
    const where = parameter.in === "header" ? "headers" : parameter.in;
    const name = parameter.name;
    const set = (value: string) => (parts: Parts) => {
      parts[where][name] = value;
    };
    if (where === "headers") {
      for (const value of ["", " ", "x".repeat(300), "é", "a b", "Bearer x"])
        variant(`${name} header ${JSON.stringify(value.slice(0, 20))}`, set(value));
      continue;
    }
    if (parameter.required)
      variant(`${where} ${name} missing`, (parts) => {
        delete parts[where][name];
      });
    for (const value of [...WRONG_TYPES, ...ODD_STRINGS])
      variant(`${where} ${name} = ${JSON.stringify(value)}`, set(encodeUrlValue(value)));
    if (where === "path") {
      variant(`path ${name} of 100 KB`, set(encodeUrlValue(HUGE_STRING)), { status: 414 });
      for (const raw of MALFORMED_ENCODINGS.slice(0, 3))
        variant(`path ${name} = ${raw}`, set(raw), { status: 400 });
      for (const raw of MALFORMED_ENCODINGS.slice(3)) variant(`path ${name} = ${raw}`, set(raw));
    } else {
      variant(`query ${name} of 100 KB`, set(encodeUrlValue(HUGE_STRING)));
      variant(`query ${name} repeated`, set(`a&${encodeUrlValue(name)}=b`));
      variant(`query ${name}[x]`, (parts) => {
        delete parts.query[name];
        parts.query[`${name}[x]`] = "1";
      });
      for (const raw of MALFORMED_ENCODINGS) variant(`query ${name} = ${raw}`, set(raw));
    }
  }
  variant("a method the route does not take", () => undefined, { method: "PATCH" });
  variant("authorization: Bearer garbage", (parts) => {
    parts.headers.authorization = "Bearer a.b.c";
  });
  variant("authorization: huge", (parts) => {
    parts.headers.authorization = `Bearer ${"a".repeat(10_000)}`;
  });
  variant("authorization: Basic", (parts) => {
    parts.headers.authorization = "Basic dXNlcjpwYXNz";
  });

  if (op.body) bodyCases(op, base, variant);
  return cases;
}

type Variant = (label: string, change: (parts: Parts) => void, extra?: Partial<FuzzCase>) => void;

function bodyCases(op: Operation, base: Parts, variant: Variant): void {
  const body = base.body;
  const fields = body !== null && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : [];
  const schema = op.body?.schema ?? {};
  for (const field of fields) {
    const setField = (value: unknown) => (parts: Parts) => {
      (parts.body as Record<string, unknown>)[field] = value;
    };
    if (schema.required?.includes(field))
      variant(`body.${field} missing`, (parts) => {
        delete (parts.body as Record<string, unknown>)[field];
      });
    for (const value of [...WRONG_TYPES, ...ODD_STRINGS])
      variant(`body.${field} = ${JSON.stringify(value)}`, setField(value));
    variant(`body.${field} of 100 KB`, setField(HUGE_STRING));
    const inner = (body as Record<string, unknown>)[field];
    if (Array.isArray(inner) && inner.length > 0) {
      for (const value of [...WRONG_TYPES, ...ODD_STRINGS])
        variant(`body.${field}[0] = ${JSON.stringify(value)}`, setField([value, ...inner.slice(1)]));
      variant(`body.${field} of 100 000 items`, setField(Array.from({ length: 100_000 }, () => inner[0])));
    } else if (inner !== null && typeof inner === "object") {
      for (const key of Object.keys(inner))
        for (const value of [...WRONG_TYPES, ...ODD_STRINGS, HUGE_STRING])
          variant(
            `body.${field}.${key} = ${JSON.stringify(value).slice(0, 20)}`,
            setField({ ...inner, [key]: value }),
          );
    }
  }
  for (const value of [null, [], "text", 0, {}, [body]])
    variant(`body = ${JSON.stringify(value)}`, (parts) => {
      parts.body = value;
    });
  variant("body with unknown and prototype keys", (parts) => {
    parts.body = { ...(parts.body as object), extra: 1, constructor: { prototype: { polluted: 1 } } };
  });
  const raw = (label: string, payload: string | undefined, contentType: string | null, status?: number) =>
    variant(label, () => undefined, {
      payload,
      headers: contentType === null ? {} : { "content-type": contentType },
      ...(status === undefined ? {} : { status }),
    });
  const json = JSON.stringify(body);
  if (!op.body?.mediaTypes.includes("text/plain")) raw("body as text/plain", json, "text/plain", 415);
  raw("body as application/xml", "<a>1</a>", "application/xml", 415);
  raw("body with no Content-Type", json, null, 415);
  raw("multipart without a boundary", "--x\r\n", "multipart/form-data");
  raw("a form body", "a=1&b=%E0%A4%A&c[d]=e", "application/x-www-form-urlencoded");
  raw("JSON in UTF-16", json, "application/json; charset=utf-16");
  raw("JSON with a byte-order mark", `\uFEFF${json}`, "application/json");
  raw("body over 1 MiB", OVERSIZE_BODY, "application/json", 413);
  raw("empty JSON body", "", "application/json", 400);
  raw("JSON with the __proto__ key", '{"__proto__":{"polluted":1}}', "application/json", 400);
  raw("JSON nested 3000 deep", `${"[".repeat(3000)}${"]".repeat(3000)}`, "application/json", 400);
  for (const text of INVALID_JSON)
    raw(`invalid JSON ${JSON.stringify(text.slice(0, 12))}`, text, "application/json", 400);
}
