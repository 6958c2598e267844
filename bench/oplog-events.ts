/**
 * A year of a busy site's tracking events for bench:oplog, from a seed, in time order: more by
 * day than by night (Asia/Shanghai) and a little fewer at weekends; mostly page browsing and
 * reading, some full-text searches (keywords Zipf-distributed over a vocabulary), catalogue and
 * character searches, few sign-ins and sign-ups. About half come from signed-in users, whose
 * activity follows a power law; the rest from visitors with ids of their own. Each user and
 * visitor has a home address, sometimes another.
 */
import type { TrackingEvent } from "../contract/tracking.ts";
import type { OplogEvent } from "../server/modules/oplog/event-store.ts";
import { seededRandom } from "../server/seeded-random.ts";

export type EventPlan = {
  seed: number;
  events: number;
  days: number;
  /** The first event's day, milliseconds since the epoch. */
  start: number;
  userIds: readonly number[];
  visitors: number;
  addresses: number;
  vocabulary: number;
};

const MIX: [TrackingEvent, number][] = [
  ["BROWSE_PAGE", 40],
  ["READ_REEL", 22],
  ["READ_PAGE", 17],
  ["FULLTEXT_SEARCH", 8],
  ["CATALOG_SEARCH", 5],
  ["CHAR_SEARCH", 1.5],
  ["CHAR_TYPE_SEARCH", 0.5],
  ["PUB_NOTE_SEARCH", 0.5],
  ["LEAVE", 4.5],
  ["LOGIN", 0.8],
  ["REGESTER", 0.2],
];
const SIGNED_IN_SHARE = 0.55;
const AWAY_FROM_HOME = 0.15;
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
];
const HOUR_MS = 3_600_000;
const SHANGHAI_OFFSET_HOURS = 8;

/** Cumulative weights of a Zipf–Mandelbrot law over `n` ranks: weight (rank + q)^-s. */
function zipfTable(n: number, s: number, q: number): Float64Array {
  const table = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) {
    total += (rank + 1 + q) ** -s;
    table[rank] = total;
  }
  for (let rank = 0; rank < n; rank++) table[rank] = (table[rank] ?? 0) / total;
  return table;
}

function draw(table: Float64Array, u: number): number {
  let low = 0;
  let high = table.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((table[middle] ?? 1) < u) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A fixed scramble of an index, so neighbours do not share addresses. */
const scramble = (n: number): number => Math.imul(n ^ 0x5bd1e995, 0x9e3779b1) >>> 0;

const address = (index: number): string =>
  `${11 + ((index >>> 16) % 200)}.${(index >>> 8) & 255}.${index & 255}.${1 + (scramble(index) % 250)}`;

const visitorId = (index: number): string =>
  `7f3c2a10-5e4b-4c8d-9a1f-${index.toString(16).padStart(12, "0")}`;

/** Keyword `rank` of the vocabulary: two or three CJK characters, distinct for every rank. */
function keywordOf(rank: number): string {
  const char = (k: number) => String.fromCodePoint(0x4e00 + (((k % 200) * 97) % 20_000));
  const word = char(rank) + char(Math.floor(rank / 200));
  return rank >= 40_000 ? word + char(Math.floor(rank / 40_000)) : word;
}

/** Events per hour: a daily curve peaking in the Shanghai afternoon, 15 % fewer at weekends. */
function hourlyCounts(plan: EventPlan): Uint32Array {
  const hours = plan.days * 24;
  const weights = new Float64Array(hours);
  let total = 0;
  for (let h = 0; h < hours; h++) {
    const localHour = (h + SHANGHAI_OFFSET_HOURS) % 24;
    const weekday = new Date(plan.start + h * HOUR_MS + SHANGHAI_OFFSET_HOURS * HOUR_MS).getUTCDay();
    const daily = 0.25 + Math.sin((Math.PI * Math.max(0, localHour - 6)) / 18) ** 2;
    weights[h] = daily * (weekday === 0 || weekday === 6 ? 0.85 : 1);
    total += weights[h] ?? 0;
  }
  const counts = new Uint32Array(hours);
  let before = 0;
  let cumulative = 0;
  for (let h = 0; h < hours; h++) {
    cumulative += weights[h] ?? 0;
    const upTo = Math.round((plan.events * cumulative) / total);
    counts[h] = upTo - before;
    before = upTo;
  }
  return counts;
}

export function* generateEvents(plan: EventPlan): Generator<OplogEvent> {
  const random = seededRandom(plan.seed);
  const users = zipfTable(plan.userIds.length, 1.1, 20);
  const visitors = zipfTable(plan.visitors, 1.0, 50);
  const keywords = zipfTable(plan.vocabulary, 1.0, 1);
  const mixTotal = MIX.reduce((sum, [, w]) => sum + w, 0);
  const counts = hourlyCounts(plan);

  for (let h = 0; h < counts.length; h++) {
    const offsets = Array.from({ length: counts[h] ?? 0 }, () => Math.floor(random() * HOUR_MS)).sort(
      (a, b) => a - b,
    );
    for (const offset of offsets) {
      const signedIn = random() < SIGNED_IN_SHARE;
      const who = signedIn ? draw(users, random()) : draw(visitors, random());
      const home = scramble(signedIn ? who : who + 7_919_000) % plan.addresses;
      const ip = address(random() < AWAY_FROM_HOME ? Math.floor(random() * plan.addresses) : home);
      let pick = random() * mixTotal;
      let event_id: TrackingEvent = "BROWSE_PAGE";
      for (const [event, weight] of MIX) {
        pick -= weight;
        if (pick < 0) {
          event_id = event;
          break;
        }
      }
      const sutra = 1 + Math.floor(random() ** 2 * 3000);
      let url = "/JS";
      let extra: OplogEvent["extra"] = {};
      if (event_id === "READ_REEL") {
        const reel_uid = `JS_${sutra}_${1 + Math.floor(random() * 20)}`;
        url = `/scroll/${reel_uid}`;
        extra = { reel_uid };
      } else if (event_id === "READ_PAGE") {
        const page_uid = `JS_${sutra}_${1 + Math.floor(random() * 400)}`;
        url = `/page/${page_uid}`;
        extra = { page_uid };
      } else if (event_id === "FULLTEXT_SEARCH") {
        const keyword = keywordOf(draw(keywords, random()));
        url = `/JS/search?keyword=${encodeURIComponent(keyword)}`;
        extra = { keyword, search_mode: "fuzzy" };
      } else if (event_id === "BROWSE_PAGE") {
        url = `/JS/sutra/${sutra}`;
      }
      yield {
        anonymous_uuid: visitorId(signedIn ? scramble(who) % plan.visitors : who),
        tripitaka_uid: "JS",
        timezone: "Asia/Shanghai",
        terminal: "PC",
        event_id,
        url,
        extra,
        user_id: signedIn ? (plan.userIds[who] ?? null) : null,
        ip,
        user_agent: USER_AGENTS[scramble(who) % USER_AGENTS.length] ?? "",
        created_at: plan.start + h * HOUR_MS + offset,
      };
    }
  }
}
