/** The `sutra_group` calls of spec section 7, all under `/v1/tripitaka/{tripitaka_uid}/`. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { envelope, ok } from "../../../contract/envelope.ts";
import {
  addSutrasBody,
  groupIdParams,
  groupNameBody,
  groupOrderBody,
  removeSutraBody,
  sutraGroupSchema,
  tripitakaParams,
} from "../../../contract/personal.ts";
import { bearerSecurity, requireUser, signedIn } from "../../plugins/auth.ts";
import { signedInErrors } from "../../plugins/route-errors.ts";
import { requireTripitaka } from "../canon/require-tripitaka.ts";
import type { GroupOwner } from "./group-repository.ts";
import {
  addSutras,
  createGroup,
  deleteGroupById,
  listGroups,
  removeSutra,
  renameGroupById,
  reorderGroups,
} from "./group-service.ts";

const tags = ["groups"];

export function registerGroupRoutes(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.auth.db, now: app.auth.now };
  const base = "/tripitaka/:tripitaka_uid";

  async function ownerOf(request: FastifyRequest, tripitakaUid: string): Promise<GroupOwner> {
    const user = signedIn(request);
    await requireTripitaka(ctx.db, tripitakaUid);
    return { userId: user.id, tripitakaUid };
  }

  const done = envelope(z.null());

  app.get(
    `${base}/sutra_group/all`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        response: { 200: envelope(z.array(sutraGroupSchema)), ...signedInErrors },
      },
    },
    async (request) => ok(await listGroups(ctx.db, await ownerOf(request, request.params.tripitaka_uid))),
  );

  app.get(
    `${base}/sutra_group_name/all`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        response: { 200: envelope(z.array(z.string())), ...signedInErrors },
      },
    },
    async (request) => {
      const groups = await listGroups(ctx.db, await ownerOf(request, request.params.tripitaka_uid));
      return ok(groups.map((g) => g.name));
    },
  );

  app.post(
    `${base}/sutra_group`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        body: groupNameBody,
        response: { 200: envelope(sutraGroupSchema), ...signedInErrors },
      },
    },
    async (request) =>
      ok(await createGroup(ctx, await ownerOf(request, request.params.tripitaka_uid), request.body.name)),
  );

  app.delete(
    `${base}/sutra_group/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: groupIdParams,
        response: { 200: done, ...signedInErrors },
      },
    },
    async (request) => {
      await deleteGroupById(ctx, await ownerOf(request, request.params.tripitaka_uid), request.params.id);
      return ok(null);
    },
  );

  app.put(
    `${base}/sutra_group_name/:id`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: groupIdParams,
        body: groupNameBody,
        response: { 200: done, ...signedInErrors },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.tripitaka_uid);
      await renameGroupById(ctx, owner, request.params.id, request.body.name);
      return ok(null);
    },
  );

  app.post(
    `${base}/sutra_group/add_sutras`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        body: addSutrasBody,
        response: { 200: done, ...signedInErrors },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.tripitaka_uid);
      await addSutras(ctx, owner, request.body.name, request.body.sutra_uids);
      return ok(null);
    },
  );

  app.post(
    `${base}/sutra_group/remove_sutra`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        body: removeSutraBody,
        response: { 200: done, ...signedInErrors },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.tripitaka_uid);
      await removeSutra(ctx, owner, request.body.name, request.body.sutra_uid);
      return ok(null);
    },
  );

  app.put(
    `${base}/sutra_group_sn`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        security: bearerSecurity,
        params: tripitakaParams,
        body: groupOrderBody,
        response: { 200: done, ...signedInErrors },
      },
    },
    async (request) => {
      await reorderGroups(ctx, await ownerOf(request, request.params.tripitaka_uid), request.body);
      return ok(null);
    },
  );
}
