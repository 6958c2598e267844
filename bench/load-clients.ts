/**
 * Virtual readers and searchers for bench:load: each client loops over a mix of what people do
 * (read reels and pages, open a scan, search, list sutras, open a catalogue, send an outbox write)
 * with a random pause between requests, over keep-alive HTTP, and every answer is timed.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { seededRandom } from "../server/seeded-random.ts";

export type LoadPools = {
  reels: { uid: string; tripitaka: string }[];
  pages: string[];
  /** Addresses of page scans (from GET /v1/img), fetched as the page reader shows them. */
  scans: string[];
  sutras: { uid: string; tripitaka: string }[];
  tripitakas: string[];
  keywords: { text: string; tripitaka: string }[];
  /** Signed-in readers' access tokens, shared round the clients. */
  tokens: string[];
};

type Kind = "reel" | "page" | "scan" | "search" | "sutra list" | "catalogue" | "outbox write";

/** Shares of the requests: reading dominates, as on the site. */
const MIX: [Kind, number][] = [
  ["reel", 30],
  ["page", 10],
  ["scan", 5],
  ["search", 20],
  ["sutra list", 15],
  ["catalogue", 5],
  ["outbox write", 15],
];

export type KindFigures = { count: number; errors: number; latencies: number[] };
export type LoadFigures = {
  seconds: number;
  byKind: Map<Kind, KindFigures>;
  /** Non-2xx answers and failed connections, with a few examples. */
  errorExamples: string[];
};

type Request = { method: "GET" | "POST"; path: string; body?: unknown; token?: string; idempotent?: boolean };

function send(base: URL, agent: http.Agent, request: Request): Promise<{ status: number; body: string }> {
  const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        agent,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          ...(request.idempotent ? { "idempotency-key": randomUUID() } : {}),
        },
      },
      (res) => {
        // A good answer is read to its end and dropped; only a failure's text is kept, for the report.
        const status = res.statusCode ?? 0;
        const failed = status < 200 || status >= 300;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (failed) chunks.push(chunk);
        });
        res.on("end", () => resolve({ status, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)] as T;

function chooseKind(random: () => number): Kind {
  const total = MIX.reduce((sum, [, share]) => sum + share, 0);
  let at = random() * total;
  for (const [kind, share] of MIX) {
    at -= share;
    if (at < 0) return kind;
  }
  return "reel";
}

function requestOf(kind: Kind, pools: LoadPools, random: () => number): Request | null {
  switch (kind) {
    case "reel":
      return { method: "GET", path: `/v1/reel/${pick(pools.reels, random).uid}?txt_type=std_txt` };
    case "page":
      return { method: "GET", path: `/v1/page/${pick(pools.pages, random)}` };
    case "scan":
      return pools.scans.length === 0 ? null : { method: "GET", path: pick(pools.scans, random) };
    case "search": {
      const keyword = pick(pools.keywords, random);
      return {
        method: "POST",
        path: `/v1/tripitaka/${keyword.tripitaka}/search`,
        body: { keyword: keyword.text, search_mode: "exact" },
      };
    }
    case "sutra list":
      return {
        method: "POST",
        path: `/v1/tripitaka/${pick(pools.tripitakas, random)}/sutra/list`,
        body: { page_no: 1 + Math.floor(random() * 5), page_size: 20 },
      };
    case "catalogue":
      return { method: "GET", path: `/v1/sutra/${pick(pools.sutras, random).uid}/catalog` };
    case "outbox write": {
      const reel = pick(pools.reels, random);
      return {
        method: "POST",
        path: `/v1/${reel.tripitaka}/user_op`,
        body: { op_type: "reel_read", context: { reel_uid: reel.uid } },
        token: pick(pools.tokens, random),
        idempotent: true,
      };
    }
  }
}

/** Runs `clients` clients against `baseUrl` for `seconds`, each pausing 0..2×thinkMs between requests. */
export async function runLoad(options: {
  baseUrl: string;
  clients: number;
  seconds: number;
  thinkMs: number;
  pools: LoadPools;
  seed: number;
  /** Connections kept from a warm-up run (closed by the caller); without it, the run's own. */
  agent?: http.Agent;
}): Promise<LoadFigures> {
  const base = new URL(options.baseUrl);
  const agent = options.agent ?? new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const byKind = new Map<Kind, KindFigures>(
    MIX.map(([kind]) => [kind, { count: 0, errors: 0, latencies: [] }]),
  );
  const errorExamples: string[] = [];
  const started = performance.now();
  const endAt = started + options.seconds * 1000;

  async function client(index: number): Promise<void> {
    const random = seededRandom(options.seed * 1000 + index);
    // Clients start spread over the first pause, not all at once.
    await new Promise((r) => setTimeout(r, random() * options.thinkMs));
    while (performance.now() < endAt) {
      const kind = chooseKind(random);
      const request = requestOf(kind, options.pools, random);
      if (!request) continue;
      const figures = byKind.get(kind) as KindFigures;
      const sentAt = performance.now();
      try {
        const answer = await send(base, agent, request);
        figures.latencies.push(performance.now() - sentAt);
        figures.count++;
        if (answer.status < 200 || answer.status >= 300) {
          figures.errors++;
          if (errorExamples.length < 5)
            errorExamples.push(`${answer.status} ${request.path}: ${answer.body.slice(0, 160)}`);
        }
      } catch (error) {
        figures.latencies.push(performance.now() - sentAt);
        figures.count++;
        figures.errors++;
        if (errorExamples.length < 5) errorExamples.push(`${request.path}: ${(error as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, random() * 2 * options.thinkMs));
    }
  }

  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  if (!options.agent) agent.destroy();
  return { seconds: (performance.now() - started) / 1000, byKind, errorExamples };
}
