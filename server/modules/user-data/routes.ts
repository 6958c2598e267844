/**
 * A reader's configuration and reading history (spec section 7, "User configuration" and "User
 * operations"): pinned tripitakas and sutras, reading settings, recent reads.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, errorEnvelope, ok, paged } from "../../../contract/envelope.ts";
import {
  deleteUserOpQuery,
  readConfigBody,
  readConfigParams,
  readConfigSchema,
  type TopConfig,
  topConfigSchema,
  topSutraBody,
  topTripitakaBody,
  tripitakaParams,
  userConfFieldParams,
  userOpBody,
  userOpContext,
  userOpQuery,
  userOpSchema,
} from "../../../contract/personal.ts";
import { RECENT_READ_PAGE_SIZE } from "../../../contract/personal-rules.ts";
import { badRequest, notFound } from "../../errors.ts";
import { requireUser, signedIn } from "../../plugins/auth.ts";
import { tripitakaExists } from "../canon/catalog-repository.ts";
import { existingSutras } from "../groups/group-repository.ts";
import {
  deleteOp,
  listOps,
  pageTripitaka,
  readConf,
  reelTripitaka,
  upsertOp,
  writeConf,
} from "./user-data-repository.ts";

const errors = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };
const tags = ["user data"];
const security = [{ bearerAuth: [] }];
const EMPTY_TOP: TopConfig = { top_uids: { tripitaka: [], sutra: {} } };

function toggled(list: string[], uid: string, add: boolean): string[] {
  const rest = list.filter((item) => item !== uid);
  return add ? [uid, ...rest] : rest;
}

export function registerUserDataRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = app.auth.db;
  const now = app.auth.now;

  const topConfig = async (userId: number): Promise<TopConfig> => {
    const parsed = topConfigSchema.safeParse(await readConf(db, userId, "top_config"));
    return parsed.success ? parsed.data : EMPTY_TOP;
  };

  app.get(
    "/user_conf/:field",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: userConfFieldParams,
        response: { 200: envelope(z.unknown()), ...errors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      if (request.params.field === "top_config") return ok(await topConfig(userId));
      const settings = readConfigSchema.safeParse(await readConf(db, userId, "read_config"));
      return ok(settings.success ? settings.data : {});
    },
  );

  app.post(
    "/user_conf/top_config/tripitaka",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        body: topTripitakaBody,
        response: { 200: envelope(topConfigSchema), ...errors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      if (!(await tripitakaExists(db, request.body.uid))) throw notFound("tripitaka", request.body.uid);
      const current = await topConfig(userId);
      const next: TopConfig = {
        top_uids: {
          ...current.top_uids,
          tripitaka: toggled(current.top_uids.tripitaka, request.body.uid, request.body.is_add),
        },
      };
      await writeConf(db, userId, "top_config", next, now());
      return ok(next);
    },
  );

  app.post(
    "/user_conf/top_config/sutra",
    {
      preHandler: requireUser,
      schema: { tags, security, body: topSutraBody, response: { 200: envelope(topConfigSchema), ...errors } },
    },
    async (request) => {
      const userId = signedIn(request).id;
      const { uid, tripitaka_uid, is_add } = request.body;
      if (is_add && !(await existingSutras(db, tripitaka_uid, [uid])).has(uid)) throw notFound("sutra", uid);
      const current = await topConfig(userId);
      const pinned = toggled(current.top_uids.sutra[tripitaka_uid] ?? [], uid, is_add);
      const next: TopConfig = {
        top_uids: { ...current.top_uids, sutra: { ...current.top_uids.sutra, [tripitaka_uid]: pinned } },
      };
      await writeConf(db, userId, "top_config", next, now());
      return ok(next);
    },
  );

  app.post(
    "/user_conf/read_config/:field",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: readConfigParams,
        body: readConfigBody,
        response: { 200: envelope(readConfigSchema), ...errors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      const current = readConfigSchema.safeParse(await readConf(db, userId, "read_config"));
      const next = { ...(current.success ? current.data : {}), [request.params.field]: request.body.value };
      if (Object.keys(next).length > 100) throw badRequest("at most 100 reading settings");
      await writeConf(db, userId, "read_config", next, now());
      return ok(next);
    },
  );

  const pagedOps = paged(userOpSchema);

  async function opsPage(
    userId: number,
    tripitakaUid: string,
    query: z.infer<typeof userOpQuery>,
    size: number,
  ) {
    if (!(await tripitakaExists(db, tripitakaUid))) throw notFound("tripitaka", tripitakaUid);
    const { total, rows } = await listOps(
      db,
      { userId, tripitakaUid, opType: query.op_type },
      { no: query.page_no, size },
    );
    return {
      total,
      page_size: size,
      page_no: query.page_no,
      page_count: Math.ceil(total / size),
      list: rows.map((row) => ({
        _id: row.id,
        op_type: row.op_type === "page_read" ? ("page_read" as const) : ("reel_read" as const),
        context: userOpContext.parse(JSON.parse(row.context)),
        create_time: Number(row.created_at),
      })),
    };
  }

  app.get(
    "/:tripitaka_uid/recent_read",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: tripitakaParams,
        querystring: userOpQuery,
        response: { 200: envelope(pagedOps), ...errors },
      },
    },
    async (request) =>
      ok(
        await opsPage(
          signedIn(request).id,
          request.params.tripitaka_uid,
          request.query,
          request.query.page_size ?? RECENT_READ_PAGE_SIZE,
        ),
      ),
  );

  app.get(
    "/:tripitaka_uid/user_op",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: tripitakaParams,
        querystring: userOpQuery,
        response: { 200: envelope(pagedOps), ...errors },
      },
    },
    async (request) =>
      ok(
        await opsPage(
          signedIn(request).id,
          request.params.tripitaka_uid,
          request.query,
          request.query.page_size ?? 10,
        ),
      ),
  );

  app.post(
    "/:tripitaka_uid/user_op",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        params: tripitakaParams,
        body: userOpBody,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { op_type, context } = request.body;
      const target = (op_type === "reel_read" ? context.reel_uid : context.page_uid) ?? "";
      const owner =
        op_type === "reel_read" ? await reelTripitaka(db, target) : await pageTripitaka(db, target);
      if (owner === null) throw notFound(op_type === "reel_read" ? "reel" : "page", target);
      if (owner !== request.params.tripitaka_uid)
        throw badRequest(`${target} is not in ${request.params.tripitaka_uid}`);
      await upsertOp(db, {
        userId: signedIn(request).id,
        tripitakaUid: owner,
        opType: op_type,
        targetUid: target,
        context,
        now: now(),
      });
      return ok(null);
    },
  );

  app.delete(
    "/delete_user_op",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        querystring: deleteUserOpQuery,
        response: { 200: envelope(z.null()), ...errors },
      },
    },
    async (request) => {
      if (!(await deleteOp(db, signedIn(request).id, request.query.id)))
        throw notFound("reading record", String(request.query.id));
      return ok(null);
    },
  );
}
