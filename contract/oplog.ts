/**
 * The administrators' operation-log calls (spec section 7, "Operation log (admin)"):
 * `GET /v1/admin/oplog/list`, `/oplog/users`, `/oplog/group/list`, `/oplog/count` and
 * `/oplog/trend`. Times and labels follow oplog-rules.ts (the `Timezone` header's zone).
 *
 * Counters: `count` every event, `login` LOGIN events, `register` REGESTER events, `anonymous`
 * distinct visitors not signed in (by their anonymous id), `ip` distinct addresses. Distinct
 * counts are exact up to 128 distinct values in the asked range and estimated above that
 * (HyperLogLog, 1,024 registers: standard error 3.25 %).
 */
import { z } from "zod";
import { containsFilter, pageQuery, rowIdSchema } from "./list-queries.ts";
import {
  OPLOG_GROUP_PAGE_SIZE,
  OPLOG_GROUP_TYPES,
  OPLOG_INDICATORS,
  OPLOG_PAGE_SIZE,
  OPLOG_TIME_TYPES,
} from "./oplog-rules.ts";
import { adminListQuery } from "./spec-names.ts";
import { trackingEventSchema } from "./tracking.ts";

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** "YYYY-MM-DD HH:mm:ss" or "YYYY-MM-DD", checked as a real calendar time. */
export const wallTimeSchema = z
  .string()
  .trim()
  .regex(WALL_TIME, "must be YYYY-MM-DD HH:mm:ss or YYYY-MM-DD")
  .refine((text) => {
    const match = WALL_TIME.exec(text);
    if (!match) return false;
    const [y, mo, d, h = "0", mi = "0", s = "0"] = match.slice(1);
    const date = new Date(0);
    // setUTCFullYear, unlike Date.UTC, reads years below 100 as themselves.
    date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
    date.setUTCHours(Number(h), Number(mi), Number(s));
    return (
      date.getUTCFullYear() === Number(y) &&
      date.getUTCMonth() === Number(mo) - 1 &&
      date.getUTCDate() === Number(d) &&
      date.getUTCHours() === Number(h) &&
      date.getUTCMinutes() === Number(mi) &&
      date.getUTCSeconds() === Number(s)
    );
  }, "no such time");

const rangeQuery = z.object({ start: wallTimeSchema, end: wallTimeSchema });

/** Event ids as one comma-joined value or repeated. */
const eventIdsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(",")).map((id) => id.trim()).filter((id) => id !== ""),
  )
  .pipe(z.array(trackingEventSchema).max(20));

const filterQuery = rangeQuery.extend({
  userid: rowIdSchema.optional(),
  event_id: eventIdsSchema.optional(),
});

export const oplogListQuery = adminListQuery(pageQuery(OPLOG_PAGE_SIZE, 100).merge(filterQuery), {
  eventId: "event_id",
});
export type OplogListQuery = z.output<typeof oplogListQuery>;

export const oplogEntrySchema = z.object({
  _id: z.number().int(),
  userid: z.number().int().nullable(),
  /** The user's nickname or username; null for a visitor not signed in. */
  username: z.string().nullable(),
  url: z.string(),
  /** "" once the address is older than the kept days. */
  ip: z.string(),
  user_agent: z.string(),
  event_id: trackingEventSchema,
  tripitaka_uid: z.string().nullable(),
  /** The reel, page or keyword the event concerns, when it has one. */
  ouid: z.string().nullable(),
  /** How long the reader stayed, in milliseconds: a LEAVE event's, else null. */
  duration: z.number().int().nonnegative().nullable(),
  created_at: z.number().int(),
});
export type OplogEntry = z.infer<typeof oplogEntrySchema>;

/** `ids` names users to look up; `keyword` finds up to 20 users by username or nickname. */
export const oplogUsersQuery = adminListQuery(
  z.object({
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, "comma-joined user ids")
      .transform((text) => [...new Set(text.split(",").map(Number))])
      .optional(),
    keyword: containsFilter(50),
  }),
);
/** User id → display name (nickname, else username); null when there is no such user. */
export const oplogUsersResult = z.record(z.string(), z.string().nullable());

export const oplogGroupQuery = adminListQuery(
  pageQuery(OPLOG_GROUP_PAGE_SIZE, 500)
    .merge(filterQuery)
    .extend({ group_type: z.enum(OPLOG_GROUP_TYPES).default("userid") }),
  { eventId: "event_id", groupType: "group_type" },
);
export type OplogGroupQuery = z.output<typeof oplogGroupQuery>;

/**
 * One tile. By user: `userid` and the display name (both null for visitors not signed in); by
 * event: the event id as `name`; by hour, day or month: the label (`2026-11-25 13`, `2026-11-25`,
 * `2026-11`) as `name`. Users and events come most events first, times in time order.
 */
export const oplogGroupSchema = z.object({
  name: z.string().nullable(),
  userid: z.number().int().nullable(),
  count: z.number().int(),
});
export type OplogGroup = z.infer<typeof oplogGroupSchema>;

export const oplogCountQuery = adminListQuery(rangeQuery);
export const oplogCountResult = z.object({
  count: z.number().int(),
  anonymous: z.number().int(),
  login: z.number().int(),
  register: z.number().int(),
  ip: z.number().int(),
  /** The top full-text search keywords of the range, most searched first. */
  fulltext_search: z.object({ keywords: z.array(z.string()), counts: z.array(z.number().int()) }),
});
export type OplogCount = z.infer<typeof oplogCountResult>;

const indicatorsSchema = z
  .string()
  .transform((text) => [
    ...new Set(
      text
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    ),
  ])
  .pipe(z.array(z.enum(OPLOG_INDICATORS)).min(1));

export const oplogTrendQuery = adminListQuery(
  rangeQuery.extend({
    time_type: z.enum(OPLOG_TIME_TYPES).default("day"),
    indicators: indicatorsSchema,
  }),
);
export type OplogTrendQuery = z.output<typeof oplogTrendQuery>;

/** `labels` in time order; `rows[i]` holds the asked indicators for `labels[i]`. */
export const oplogTrendResult = z.object({
  labels: z.array(z.string()),
  rows: z.array(z.partialRecord(z.enum(OPLOG_INDICATORS), z.number().int())),
});
export type OplogTrend = z.infer<typeof oplogTrendResult>;
