/**
 * Trends (`GET /v1/admin/oplog/trend`): every hour, day or month label of the range in the
 * request's zone, with the asked indicators. Each label reads the fewest buckets covering its own
 * hours (a UTC day is one day bucket, a Shanghai month two short runs of hours around its days;
 * a Shanghai day is 24 hour buckets of counts and one site-day sketch), the runs of neighbouring
 * labels read together. A label of one bucket takes its distinct counts from the sketches' stored
 * counts; a label of several merges their sketches.
 */
import type { Kysely } from "kysely";
import type { OplogTrend, OplogTrendQuery } from "../../../contract/oplog.ts";
import { type OplogIndicator, TREND_LABELS_MAX } from "../../../contract/oplog-rules.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest } from "../../errors.ts";
import { type BucketRun, bucketEnd, cover, GRAIN, isSiteDay } from "./buckets.ts";
import { labelIndexOf, labelsOver } from "./labels.ts";
import type { DistinctKind } from "./rollup-batch.ts";
import { type DistinctSketch, emptySketch, estimate, mergeEncoded } from "./sketch.ts";
import type { StatsRange } from "./stats-range.ts";
import { estimatesIn, indicatorsByBucket, sketchesIn } from "./stats-repository.ts";

type Db = Kysely<Database>;

const COUNTED = ["count", "login", "register"] as const;
const DISTINCT: [OplogIndicator, DistinctKind][] = [
  ["anonymous", "anonymous"],
  ["ip", "ip"],
];

const isOneBucket = (runs: readonly BucketRun[]): boolean => {
  const [run] = runs;
  return runs.length === 1 && run !== undefined && bucketEnd(run.grain, run.from) === run.to;
};

/** The sketches covering a label's hours: the site's day when it is one, else the UTC cover. */
const sketchCover = (from: number, to: number): BucketRun[] =>
  isSiteDay(from, to) ? [{ grain: GRAIN.siteDay, from, to }] : cover(from, to);

/** The runs with neighbours of one grain joined: [a, b) and [b, c) read as [a, c). */
function joined(runs: readonly BucketRun[]): BucketRun[] {
  const sorted = [...runs].sort((a, b) => a.grain - b.grain || a.from - b.from);
  const out: BucketRun[] = [];
  for (const run of sorted) {
    const last = out.at(-1);
    if (last && last.grain === run.grain && last.to === run.from) last.to = run.to;
    else out.push({ ...run });
  }
  return out;
}

export async function trendStats(db: Db, range: StatsRange, query: OplogTrendQuery): Promise<OplogTrend> {
  const unit = query.time_type;
  const labelled = labelsOver(range.zone, unit, range.startHour, range.endHour, TREND_LABELS_MAX);
  if (!labelled) throw badRequest(`the range has more than ${TREND_LABELS_MAX} ${unit} labels`);
  const { labels, firstHours } = labelled;
  const spans = firstHours.map((from, i) => ({ from, to: firstHours[i + 1] ?? range.endHour }));
  const covers = spans.map((span) => cover(span.from, span.to));
  const sketchCovers = spans.map((span) => sketchCover(span.from, span.to));
  const wanted = new Set(query.indicators);
  const rows = labels.map(() => {
    const row: Partial<Record<OplogIndicator, number>> = {};
    for (const name of wanted) row[name] = 0;
    return row;
  });
  const labelOf = (bucket: number) => rows[labelIndexOf(labelled, bucket)];

  const counted = COUNTED.filter((name) => wanted.has(name));
  if (counted.length > 0) {
    for (const bucket of await indicatorsByBucket(db, joined(covers.flat()))) {
      const row = labelOf(bucket.bucket);
      if (row) for (const name of counted) row[name] = (row[name] ?? 0) + bucket[name];
    }
  }

  const single = sketchCovers.filter(isOneBucket).flat();
  const several = sketchCovers.filter((runs) => !isOneBucket(runs)).flat();
  for (const [indicator, kind] of DISTINCT) {
    if (!wanted.has(indicator)) continue;
    if (single.length > 0) {
      for (const stored of await estimatesIn(db, kind, joined(single))) {
        const row = labelOf(stored.bucket);
        if (row) row[indicator] = stored.estimate;
      }
    }
    if (several.length > 0) {
      const merged = new Map<number, DistinctSketch>();
      for (const stored of await sketchesIn(db, kind, joined(several))) {
        const i = labelIndexOf(labelled, stored.bucket);
        merged.set(i, mergeEncoded(merged.get(i) ?? emptySketch(), stored.sketch));
      }
      for (const [i, sketch] of merged) {
        const row = rows[i];
        if (row) row[indicator] = estimate(sketch);
      }
    }
  }
  return { labels, rows };
}
