/**
 * The access log list (`GET /v1/admin/oplog/list`): the raw events of a range, newest first, with
 * the user's display name, the object each concerns and the stay a LEAVE ends. Its total comes
 * from the rollups for the whole hours of the range and from the raw rows only for the partial
 * hours at its ends, so a range of years counts as fast as a day. When events are kept for a
 * limited time the range starts no earlier than the first whole hour that pruning cannot have
 * reached, so the total and the pages agree.
 */
import type { Kysely } from "kysely";
import { type Paged, pageOf } from "../../../contract/envelope.ts";
import type { OplogEntry, OplogListQuery } from "../../../contract/oplog.ts";
import { STAY_DURATION_KEY } from "../../../contract/tracking-events.ts";
import type { Database } from "../../db/schema.ts";
import { cover } from "./buckets.ts";
import type { Retention } from "./oplog-writer.ts";
import type { StatsRange } from "./stats-range.ts";
import { type EventFilter, eventTotal } from "./stats-repository.ts";
import { DAY_MS, HOUR_MS } from "./time-zone.ts";

type Db = Kysely<Database>;
type Span = { from: number; to: number };

/** Details naming what an event concerns, in the order they are looked for. */
const OBJECT_KEYS = ["reel_uid", "page_uid", "keyword", "sutra_uid"] as const;

type Details = Pick<OplogEntry, "ouid" | "duration">;

/** What the row's details name, and the stay a LEAVE event ends. */
function detailsOf(eventId: string, extraJson: string): Details {
  const details: Details = { ouid: null, duration: null };
  let extra: unknown;
  try {
    extra = JSON.parse(extraJson);
  } catch {
    // A row whose details are not JSON names nothing.
  }
  if (typeof extra !== "object" || extra === null) return details;
  const fields = extra as Record<string, unknown>;
  for (const key of OBJECT_KEYS) {
    const value = fields[key];
    if (typeof value === "string" && value !== "") {
      details.ouid = value;
      break;
    }
  }
  const duration = fields[STAY_DURATION_KEY];
  if (eventId === "LEAVE" && typeof duration === "number" && Number.isSafeInteger(duration) && duration >= 0)
    details.duration = duration;
  return details;
}

function rawEvents(db: Db, span: Span, filter: EventFilter) {
  let query = db
    .selectFrom("oplog")
    .where("oplog.created_at", ">=", span.from)
    .where("oplog.created_at", "<", span.to);
  if (filter.userId !== undefined) query = query.where("oplog.user_id", "=", filter.userId);
  if (filter.eventIds && filter.eventIds.length > 0)
    query = query.where("oplog.event_id", "in", [...filter.eventIds]);
  return query;
}

async function rawCount(db: Db, span: Span, filter: EventFilter): Promise<number> {
  if (span.from >= span.to) return 0;
  const row = await rawEvents(db, span, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function totalOf(db: Db, span: Span, filter: EventFilter): Promise<number> {
  const firstHour = Math.ceil(span.from / HOUR_MS);
  const lastHour = Math.floor(span.to / HOUR_MS);
  if (firstHour >= lastHour) return rawCount(db, span, filter);
  const [head, body, tail] = await Promise.all([
    rawCount(db, { from: span.from, to: firstHour * HOUR_MS }, filter),
    eventTotal(db, cover(firstHour, lastHour), filter),
    rawCount(db, { from: lastHour * HOUR_MS, to: span.to }, filter),
  ]);
  return head + body + tail;
}

export async function listAccessLog(
  db: Db,
  context: { now: number; retention: Retention },
  range: StatsRange,
  query: OplogListQuery,
): Promise<Paged<OplogEntry>> {
  const keepDays = context.retention.keepDays;
  const kept =
    keepDays === null ? range.startMs : Math.ceil((context.now - keepDays * DAY_MS) / HOUR_MS) * HOUR_MS;
  const span = { from: Math.max(range.startMs, kept), to: range.endMs };
  const filter: EventFilter = { userId: query.userid, eventIds: query.event_id };
  if (span.from >= span.to) return pageOf(0, query, []);

  const [total, rows] = await Promise.all([
    totalOf(db, span, filter),
    rawEvents(db, span, filter)
      .leftJoin("user", "user.id", "oplog.user_id")
      .select([
        "oplog.id",
        "oplog.user_id",
        "user.username",
        "user.nickname",
        "oplog.url",
        "oplog.ip",
        "oplog.user_agent",
        "oplog.event_id",
        "oplog.tripitaka_uid",
        "oplog.extra",
        "oplog.created_at",
      ])
      .orderBy("oplog.created_at", "desc")
      .orderBy("oplog.id", "desc")
      .limit(query.page_size)
      .offset((query.page_no - 1) * query.page_size)
      .execute(),
  ]);
  const list = rows.map((row) => ({
    _id: Number(row.id),
    userid: row.user_id,
    username: row.nickname?.trim() ? row.nickname : (row.username ?? null),
    url: row.url,
    ip: row.ip,
    user_agent: row.user_agent,
    event_id: row.event_id as OplogEntry["event_id"],
    tripitaka_uid: row.tripitaka_uid,
    ...detailsOf(row.event_id, row.extra),
    created_at: Number(row.created_at),
  }));
  return pageOf(total, query, list);
}
