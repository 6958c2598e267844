/**
 * The pack routes (public, like the other canon reads): `GET /v1/packs` lists the packs the server
 * holds, `GET`/`HEAD /v1/packs/{name}` serves one from storage with HTTP Range (one range per
 * request), its manifest's sha256 as the ETag, `If-Range` honoured, and long caching: a pack's
 * name is never reused for other content. Where the site limits page-image views, packs that carry
 * page scans are neither listed nor served (403).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { PACK_MEDIA_TYPE } from "../../../contract/pack.ts";
import { packListQuery, packListResult, packNameParams } from "../../../contract/packs.ts";
import { ApiError, notFound } from "../../errors.ts";
import { scansNotDownloadable } from "../canon/page-image-limit.ts";
import { type PackRow, packRowByName } from "./pack-repository.ts";
import { listPacks } from "./pack-service.ts";
import { type ByteRange, parseRange } from "./ranges.ts";

const tags = ["packs"];
const CACHE_CONTROL = "public, max-age=31536000, immutable";

const etagOf = (row: PackRow) => `"${row.manifest_sha256}"`;

/** The range to send: none when `If-Range` names another version of the file. */
function rangeOf(request: FastifyRequest, row: PackRow): ByteRange {
  const ifRange = request.headers["if-range"];
  if (ifRange !== undefined && ifRange !== etagOf(row)) return { kind: "whole" };
  return parseRange(request.headers.range, row.bytes);
}

function commonHeaders(reply: FastifyReply, row: PackRow): void {
  reply
    .header("accept-ranges", "bytes")
    .header("etag", etagOf(row))
    .header("cache-control", CACHE_CONTROL)
    .header("content-disposition", `attachment; filename="${row.name}"`)
    .type(PACK_MEDIA_TYPE);
}

export function registerPackRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.canon.db;
  const { storage } = app.deps;

  app.get(
    "/packs",
    {
      schema: {
        tags,
        querystring: packListQuery,
        response: { 200: envelope(packListResult), 400: errorEnvelope },
      },
    },
    async (request) => ok(await listPacks(db(), request.query.tripitaka_uid, !app.scanGrants.required)),
  );

  const findPack = async (name: string): Promise<PackRow> => {
    const row = await packRowByName(db(), name);
    if (!row) throw notFound("pack", name);
    return row;
  };

  /** Answers a request for a pack; the body is sent only for GET. */
  async function answer(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
    const row = await findPack(request.params.name);
    if (row.with_images === 1 && app.scanGrants.required) throw scansNotDownloadable();
    commonHeaders(reply, row);
    if (request.headers["if-none-match"] === etagOf(row)) return reply.code(304).send();
    const range = rangeOf(request, row);
    if (range.kind === "unsatisfiable") {
      return reply
        .code(416)
        .header("content-range", `bytes */${row.bytes}`)
        .type("application/json; charset=utf-8")
        .send({ code: 416, msg: `range not satisfiable: the pack has ${row.bytes} bytes`, result: null });
    }
    const [start, end] = range.kind === "part" ? [range.start, range.end] : [0, row.bytes - 1];
    if (range.kind === "part") reply.code(206).header("content-range", `bytes ${start}-${end}/${row.bytes}`);
    reply.header("content-length", String(end - start + 1));
    if (request.method === "HEAD" || end < start) return reply.send();
    if (!storage.readRange) throw new ApiError(500, "this storage cannot read part of a file");
    const body = await storage.readRange(row.file_key, start, end);
    if (!body) throw notFound("pack file", row.name);
    return reply.send(body);
  }

  const schema = {
    tags,
    params: packNameParams,
    response: { 403: errorEnvelope, 404: errorEnvelope, 416: errorEnvelope },
  };
  app.get("/packs/:name", { schema, exposeHeadRoute: false }, answer);
  app.head("/packs/:name", { schema: { ...schema, hide: true } }, answer);
}
