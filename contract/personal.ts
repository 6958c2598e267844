/**
 * A reader's own data (spec sections 3 and 7): custom sutra groups, pinned tripitakas and sutras,
 * reading settings kept on the server, and the reading history behind "recent reading".
 */
import { z } from "zod";
import { isSutraUid } from "./ids.ts";
import { GROUP_NAME_MAX } from "./personal-rules.ts";
import { cleanText } from "./text-schemas.ts";

export const tripitakaParams = z.object({ tripitaka_uid: z.string().regex(/^[A-Z]{1,4}$/) });
export const groupIdParams = tripitakaParams.extend({ id: z.coerce.number().int().positive() });

export const groupNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(GROUP_NAME_MAX)
  .superRefine(cleanText("single-line"));
const sutraUidSchema = z.string().max(64).refine(isSutraUid, "not a sutra uid");

export const sutraGroupSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  sn: z.number().int(),
  sutra_uids: z.array(z.string()),
});
export type SutraGroup = z.infer<typeof sutraGroupSchema>;

export const groupNameBody = z.object({ name: groupNameSchema });
export const addSutrasBody = z.object({
  name: groupNameSchema,
  sutra_uids: z.array(sutraUidSchema).min(1).max(1000),
});
export const removeSutraBody = z.object({ name: groupNameSchema, sutra_uid: sutraUidSchema });
/** Group id → its new `sn` (spec: moving a group swaps `sn` with its neighbour). */
export const groupOrderBody = z.record(z.string().regex(/^\d+$/), z.number().int().min(0).max(1_000_000));

export const topConfigSchema = z.object({
  top_uids: z.object({
    tripitaka: z.array(z.string()),
    /** Tripitaka uid → its pinned sutra uids. */
    sutra: z.record(z.string(), z.array(z.string())),
  }),
});
export type TopConfig = z.infer<typeof topConfigSchema>;

export const topTripitakaBody = z.object({ is_add: z.boolean(), uid: z.string().regex(/^[A-Z]{1,4}$/) });
export const topSutraBody = z.object({
  is_add: z.boolean(),
  uid: sutraUidSchema,
  tripitaka_uid: z.string().regex(/^[A-Z]{1,4}$/),
});

export const USER_CONF_FIELDS = ["top_config", "read_config"] as const;
export const userConfFieldParams = z.object({ field: z.enum(USER_CONF_FIELDS) });
/** One reading setting (font size, text type, quote-copy options, ...) under `read_config`. */
export const readConfigParams = z.object({ field: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/) });
const settingValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
export const readConfigBody = z.object({
  value: z.union([settingValue, z.record(z.string().max(40), settingValue)]),
});
export const readConfigSchema = z.record(z.string(), z.unknown());

export const OP_TYPES = ["reel_read", "page_read"] as const;
export const opTypeSchema = z.enum(OP_TYPES);

/** A uid as the reader's history names it; unknown ones answer 404, so only storability is checked. */
const readUidSchema = z.string().max(64).superRefine(cleanText("storable"));

export const userOpContext = z.object({
  reel_uids: z.array(readUidSchema).max(500).optional(),
  reel_uid: readUidSchema.optional(),
  page_uid: readUidSchema.optional(),
});

export const userOpBody = z
  .object({ op_type: opTypeSchema, context: userOpContext })
  .refine((op) => (op.op_type === "reel_read" ? op.context.reel_uid : op.context.page_uid) !== undefined, {
    message: "a reel read names its reel_uid, a page read its page_uid",
  });

export const userOpSchema = z.object({
  _id: z.number().int(),
  op_type: opTypeSchema,
  context: userOpContext,
  create_time: z.number().int(),
});
export type UserOp = z.infer<typeof userOpSchema>;

export const userOpQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
  op_type: opTypeSchema.optional(),
});
export const deleteUserOpQuery = z.object({ id: z.coerce.number().int().positive() });
