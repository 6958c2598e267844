/**
 * `GET /v1/search/variants`: the variant pairs of the stored gaiji table that the search folding is
 * made from (readings.ts), so offline search folds exactly as the server does. The answer (about
 * 400 KB) is built once per gaiji table, the importer's `gaiji_hash` setting naming it: serialised
 * once, compressed once with Brotli and gzip off the event loop, and kept with a weak ETag of its
 * bytes, so a request only picks the encoding its client accepts (or answers 304). The setting is
 * checked before use, or trusted while the app's cache invalidation vouches that no change was
 * announced; concurrent requests share one build.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, ok } from "../../../contract/envelope.ts";
import { type VariantPair, variantPairsOfGaiji } from "../../../contract/search-tokenizer.ts";
import { searchVariantsQuery, searchVariantsResult } from "../../../contract/search-variants.ts";
import type { CacheMark } from "../../plugins/cache-invalidation.ts";
import { etagListMatches } from "../../storage/serve-local-files.ts";
import { GAIJI_HASH_TOPIC } from "./readings.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One answer in every encoding the route sends, with its validator. */
type EncodedAnswer = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

type Built = { hash: string; full: EncodedAnswer; known: EncodedAnswer };

/** Clients may keep the answer but ask again (with its ETag) before each use: a re-import changes it. */
const CACHE_CONTROL = "public, no-cache";

async function encode(json: string): Promise<EncodedAnswer> {
  const identity = Buffer.from(json);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 9,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipped(identity, { level: 9 }),
  ]);
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 32)}"`;
  return { etag, identity, br, gzip: gz };
}

/** The encoding to send: Brotli, then gzip, when the client accepts them (q above 0). */
function chosenEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/** Sends a built answer in the client's encoding, or 304 when the client holds it. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): FastifyReply {
  reply.header("etag", answer.etag).header("cache-control", CACHE_CONTROL).header("vary", "accept-encoding");
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined && etagListMatches(ifNoneMatch, answer.etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding = chosenEncoding(request.headers["accept-encoding"]);
  if (encoding === "identity") return reply.send(answer.identity);
  return reply.header("content-encoding", encoding).send(answer[encoding]);
}

export function registerSearchVariantsRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.canon.db;
  let current: (Built & { mark: CacheMark }) | null = null;
  let building: { hash: string; done: Promise<Built> } | null = null;

  async function build(hash: string): Promise<Built> {
    const rows = await db().selectFrom("gaiji").select(["pua", "uni_char", "norm_char"]).execute();
    const pairs = variantPairsOfGaiji(rows).map(([a, b]: VariantPair): [string, string] => [a, b]);
    const [full, known] = await Promise.all([
      encode(JSON.stringify(ok({ hash, pairs }))),
      encode(JSON.stringify(ok({ hash, pairs: null }))),
    ]);
    return { hash, full, known };
  }

  /** The answers of the stored table, built when its hash is one not built yet. */
  async function answers(): Promise<Built> {
    if (current && app.cacheInvalidation.fresh(current.mark)) return current;
    const mark = app.cacheInvalidation.mark(GAIJI_HASH_TOPIC);
    const stored = await db()
      .selectFrom("setting")
      .select("value")
      .where("key", "=", "gaiji_hash")
      .executeTakeFirst();
    const hash = stored?.value || "none";
    if (current?.hash === hash) {
      current.mark = mark;
      return current;
    }
    if (building?.hash === hash) return building.done;
    const done = build(hash);
    const settle = () => {
      if (building?.done === done) building = null;
    };
    building = { hash, done };
    done.then((built) => {
      current = { ...built, mark };
      settle();
    }, settle);
    return done;
  }

  app.get(
    "/search/variants",
    {
      schema: {
        tags: ["search"],
        description:
          "Built once per gaiji table and sent with a weak ETag (304 to a matching If-None-Match), " +
          "`Cache-Control: public, no-cache`, and Brotli or gzip when accepted.",
        querystring: searchVariantsQuery,
        response: { 200: envelope(searchVariantsResult) },
      },
    },
    async (request, reply) => {
      const built = await answers();
      return sendEncoded(request, reply, request.query.known === built.hash ? built.known : built.full);
    },
  );
}
