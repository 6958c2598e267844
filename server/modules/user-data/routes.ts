/**
 * A reader's configuration and reading history (spec section 7, "User configuration" and "User
 * operations"): pinned tripitakas and sutras, reading settings, recent reads.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, ok, paged, pageOf } from "../../../contract/envelope.ts";
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
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { signedInErrors } from "../../plugins/route-errors.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
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

const tags = ["user data"];
const USER_OP_DEFAULT_PAGE_SIZE = 10;
type TopUids = TopConfig["top_uids"];
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

  const readingSettings = async (userId: number): Promise<z.infer<typeof readConfigSchema>> => {
    const parsed = readConfigSchema.safeParse(await readConf(db, userId, "read_config"));
    return parsed.success ? parsed.data : {};
  };

  /** Stores the reader's pins as `change` makes them from the stored ones, and answers them. */
  const changeTopConfig = async (userId: number, change: (pins: TopUids) => TopUids): Promise<TopConfig> => {
    const next: TopConfig = { top_uids: change((await topConfig(userId)).top_uids) };
    await writeConf(db, userId, "top_config", next, now());
    return next;
  };

  app.get(
    "/user_conf/:field",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: userConfFieldParams,
        response: { 200: envelope(z.unknown()), ...signedInErrors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      if (request.params.field === "top_config") return ok(await topConfig(userId));
      return ok(await readingSettings(userId));
    },
  );

  app.post(
    "/user_conf/top_config/tripitaka",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        body: topTripitakaBody,
        response: { 200: envelope(topConfigSchema), ...signedInErrors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      const { uid, is_add } = request.body;
      await requireTripitaka(db, uid);
      return ok(
        await changeTopConfig(userId, (pins) => ({
          ...pins,
          tripitaka: toggled(pins.tripitaka, uid, is_add),
        })),
      );
    },
  );

  app.post(
    "/user_conf/top_config/sutra",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        body: topSutraBody,
        response: { 200: envelope(topConfigSchema), ...signedInErrors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      const { uid, tripitaka_uid, is_add } = request.body;
      if (is_add && !(await existingSutras(db, tripitaka_uid, [uid])).has(uid)) throw notFound("sutra", uid);
      return ok(
        await changeTopConfig(userId, (pins) => ({
          ...pins,
          sutra: { ...pins.sutra, [tripitaka_uid]: toggled(pins.sutra[tripitaka_uid] ?? [], uid, is_add) },
        })),
      );
    },
  );

  app.post(
    "/user_conf/read_config/:field",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: readConfigParams,
        body: readConfigBody,
        response: { 200: envelope(readConfigSchema), ...signedInErrors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      const next = { ...(await readingSettings(userId)), [request.params.field]: request.body.value };
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
    await requireTripitaka(db, tripitakaUid);
    const { total, rows } = await listOps(
      db,
      { userId, tripitakaUid, opType: query.op_type },
      { no: query.page_no, size },
    );
    return pageOf(
      total,
      { page_no: query.page_no, page_size: size },
      rows.map((row) => ({
        _id: row.id,
        op_type: row.op_type === "page_read" ? ("page_read" as const) : ("reel_read" as const),
        context: userOpContext.parse(JSON.parse(row.context)),
        create_time: Number(row.created_at),
      })),
    );
  }

  // Two names of the one list of reading records; they differ only in the page size asked by default.
  for (const [path, defaultPageSize] of [
    ["/:tripitaka_uid/recent_read", RECENT_READ_PAGE_SIZE],
    ["/:tripitaka_uid/user_op", USER_OP_DEFAULT_PAGE_SIZE],
  ] as const) {
    app.get(
      path,
      {
        preHandler: requireUser,
        schema: {
          tags,
          security: bearerSecurity,
          params: tripitakaParams,
          querystring: userOpQuery,
          response: { 200: envelope(pagedOps), ...signedInErrors },
        },
      },
      async (request) => {
        const size = request.query.page_size ?? defaultPageSize;
        return ok(await opsPage(signedIn(request).id, request.params.tripitaka_uid, request.query, size));
      },
    );
  }

  app.post(
    "/:tripitaka_uid/user_op",
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        body: userOpBody,
        response: { 200: envelope(z.null()), ...signedInErrors },
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
        security: bearerSecurity,
        querystring: deleteUserOpQuery,
        response: { 200: envelope(z.null()), ...signedInErrors },
      },
    },
    async (request) => {
      if (!(await deleteOp(db, signedIn(request).id, request.query.id)))
        throw notFound("reading record", String(request.query.id));
      return ok(null);
    },
  );
}
