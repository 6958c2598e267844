/**
 * The operation log's rules (spec sections 2, 3, 7, 9) as plain values: the statistics
 * indicators, the groupings and granularities of the access log and the statistics screen, their
 * page sizes and default dates.
 *
 * Times in the admin calls are wall-clock times ("YYYY-MM-DD HH:mm:ss", or a bare date meaning
 * 00:00:00) in the time zone of the request's `Timezone` header (an IANA name; absent or unknown to
 * the server: Asia/Shanghai; not shaped like a zone name: 400); `end` is inclusive to the second,
 * so a day is 00:00:00 to 23:59:59. Labels of hours, days and months are in the same zone, with
 * daylight saving (a day may have 23 or 25 hours).
 *
 * The statistics (count, trend, group list) count whole UTC hours: each end of the range is
 * rounded out to a whole UTC hour. Whole-hour ends in a whole-hour zone (Asia/Shanghai, UTC,
 * America/New_York) are counted exactly; in a zone with a half-hour offset (Asia/Kolkata) the
 * range grows by up to an hour, and each UTC hour counts under the local hour, day or month in which
 * it starts. The list and its total are exact to the second.
 */

export const OPLOG_INDICATORS = ["count", "anonymous", "login", "register", "ip"] as const;
export type OplogIndicator = (typeof OPLOG_INDICATORS)[number];

export const OPLOG_TIME_TYPES = ["hour", "day", "month"] as const;
export type OplogTimeType = (typeof OPLOG_TIME_TYPES)[number];

/** Spec section 3: oplog group types. */
export const OPLOG_GROUP_TYPES = ["userid", "event_id", "hour", "day", "month"] as const;
export type OplogGroupType = (typeof OPLOG_GROUP_TYPES)[number];

/** Spec section 9: the access log list 10 a page, its group tiles 100 a page. */
export const OPLOG_PAGE_SIZE = 10;
export const OPLOG_GROUP_PAGE_SIZE = 100;
/** Spec section 9: the access log starts at 2024/09/01 unless a range is chosen. */
export const ACCESS_LOG_DEFAULT_START = "2024-09-01";
/** The statistics screen's top full-text search keywords. */
export const TOP_KEYWORDS = 10;
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";
/** Hour labels beyond this many are refused (a year and a bit of hours). */
export const TREND_LABELS_MAX = 9000;
