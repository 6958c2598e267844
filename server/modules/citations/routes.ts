/**
 * `GET /v1/cite?ref=…`: a pasted reference (contract/citations.ts) looked up in the library: the
 * reel whose text holds the line, or the page scan when no reel's text covers the page.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { type Citation, citedCid, parseCitation } from "../../../contract/citations.ts";
import { type CiteResult, citeHref, citeQuery, citeResult } from "../../../contract/cite.ts";
import { envelope, errorEnvelope, ok } from "../../../contract/envelope.ts";
import { printLineId } from "../../../contract/ids.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError, badRequest } from "../../errors.ts";

async function lookUp(db: Kysely<Database>, citation: Citation): Promise<CiteResult | null> {
  const page = await db
    .selectFrom("page")
    .select("uid")
    .where("uid", "=", citation.pageUid)
    .executeTakeFirst();
  if (!page) return null;
  const textLines = db
    .selectFrom("line")
    .select(["line_no", "reel_uid"])
    .where("page_uid", "=", citation.pageUid)
    .where("reel_uid", "is not", null)
    .orderBy("line_no");
  const firstLine = await textLines.limit(1).executeTakeFirst();
  let place: Omit<CiteResult, "href">;
  if (!firstLine) {
    // A page of a scan with no reel's text: the scan, its column marked.
    const cid = citation.line === null ? null : citedCid(citation, citation.line);
    place = { reel_uid: null, page_uid: citation.pageUid, cid };
  } else if (citation.line === null) {
    // A whole page: its lines in that reel, marked as one passage.
    const lastLine = await textLines
      .clearOrderBy()
      .where("reel_uid", "=", firstLine.reel_uid)
      .orderBy("line_no", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const first = printLineId({ pageUid: citation.pageUid, line: firstLine.line_no });
    const cid = `${first}-${printLineId({ pageUid: citation.pageUid, line: lastLine.line_no })}`;
    place = { reel_uid: firstLine.reel_uid, page_uid: citation.pageUid, cid };
  } else {
    const line = await textLines.where("line_no", "=", citation.line).executeTakeFirst();
    if (!line) return null;
    place = { reel_uid: line.reel_uid, page_uid: citation.pageUid, cid: citedCid(citation, citation.line) };
  }
  return { ...place, href: citeHref(place) };
}

export function registerCitationRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/cite",
    {
      schema: {
        tags: ["canon"],
        querystring: citeQuery,
        response: { 200: envelope(citeResult), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const parsed = parseCitation(request.query.ref);
      if (!parsed.ok) throw badRequest(parsed.error.code);
      const found = await lookUp(app.deps.canon.db, parsed.citation);
      if (!found) throw new ApiError(404, `not in this library: ${parsed.citation.pageUid}`);
      return ok(found);
    },
  );
}
