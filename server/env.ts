import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import type { DatabaseConfig } from "./db/connect.ts";
import type { PageImageLimits } from "./modules/canon/page-image-limit.ts";
import type { FontSettings } from "./modules/fonts/routes.ts";
import {
  DEFAULT_SUBSET_MAX_WAIT_MS,
  DEFAULT_SUBSET_PER_CLIENT,
  DEFAULT_SUBSET_QUEUE_LIMIT,
  defaultSubsetWorkers,
} from "./modules/fonts/subset-pool.ts";
import { GOOGLE_DEFAULTS, type OAuthSettings, WECHAT_DEFAULTS } from "./modules/oauth/settings.ts";
import { STORAGE_SERVE_MODES, type StorageServeMode } from "./storage/storage.ts";

/** A count of page images, "0" included; unset means no limit. */
const pageImageCount = z
  .string()
  .regex(/^\d{1,9}$/, "expected a whole number of page images, 0 or more")
  .transform(Number)
  .optional();

const envSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to believe for the client's address
   * (rate limits, the access log): "true" for any, or addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|[0-9a-fA-F]*[:.][0-9a-fA-F:./]*(,[0-9a-fA-F]*[:.][0-9a-fA-F:./]*)*)$/,
      "expected true, false or addresses and CIDR ranges",
    )
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** PostgreSQL connection string; when unset the embedded SQLite file is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  SQLITE_FILE: z.string().min(1).default("data/canon.db"),
  STORAGE_DIR: z.string().min(1).default("data/storage"),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[^/?]+/, "expected s3://bucket/prefix?endpoint=…&region=…")
    .optional(),
  /**
   * How /storage/… answers on an S3-compatible store: "proxy" reads objects through the server,
   * "redirect" answers 302 to a short-lived presigned GET. Local storage is always served directly.
   */
  STORAGE_SERVE: z.enum(STORAGE_SERVE_MODES).default("proxy"),
  /** The canon corpus imported on first start (starter texts, metadata, gaiji, page images). */
  CANON_DIR: z.string().min(1).optional(),
  /** Colon-separated font files subset by char/dynamic_font, searched in order for each char. */
  FONT_FILES: z
    .string()
    .min(1)
    .default(
      [
        "/usr/share/fonts/truetype/babelstone/BabelStoneHan.ttf",
        "/usr/share/fonts/truetype/hanazono/HanaMinA.ttf",
        "/usr/share/fonts/truetype/hanazono/HanaMinB.ttf",
      ].join(":"),
    ),
  /** Worker threads subsetting fonts for char/dynamic_font; default one fewer than the cores. */
  FONT_SUBSET_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Subset jobs that may wait for a worker; past it font requests answer 503. */
  FONT_SUBSET_QUEUE: z.coerce.number().int().min(0).default(DEFAULT_SUBSET_QUEUE_LIMIT),
  /** Font subsets one client address may have running or waiting; past it its requests answer 503. */
  FONT_SUBSET_PER_CLIENT: z.coerce.number().int().min(1).default(DEFAULT_SUBSET_PER_CLIENT),
  /** Milliseconds other addresses' font subsets may be expected to hold a new one before it answers 503. */
  FONT_SUBSET_MAX_WAIT_MS: z.coerce.number().int().min(0).default(DEFAULT_SUBSET_MAX_WAIT_MS),
  /** Font requests per client address per minute. */
  FONT_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  WEB_DIST_DIR: z.string().min(1).default("dist"),
  NODE_ENV: z.string().optional(),
  /** The researchers' team-joining link, drawn as a QR code for approved applications. */
  TEAM_JOIN_URL: z.string().url().optional(),
  /** The site's WeChat official account QR image (PNG, JPEG or WebP) shown in the home footer. */
  WECHAT_FOLLOW_QR_FILE: z.string().min(1).optional(),
  /** The API's documentation page at /v1/docs: on by default, off in production unless "true". */
  API_DOCS: z.enum(["true", "false"]).optional(),
  /** Key for signing access tokens; required in production, else generated at each start. */
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  /** The first administrator, created or updated at start; both or neither. */
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** smtp(s)://user:pass@host:port for e-mail; without it messages go to the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(1).default("Canon reader <noreply@localhost>"),
  /** Sign-in, sign-up and code requests allowed per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Tracking events accepted per client address per minute. */
  TRACK_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /** Days an operation-log event keeps the visitor's address; figures stay in the rollups. */
  OPLOG_IP_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /** Days operation-log events are kept at all; unset keeps them for ever. */
  OPLOG_KEEP_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /** Distinct pages a guest may see with their image per UTC day; unset for no limit. */
  GUEST_PAGE_IMAGES_PER_DAY: pageImageCount,
  /** Distinct pages a signed-in reader may see with their image per UTC day; unset for no limit. */
  READER_PAGE_IMAGES_PER_DAY: pageImageCount,
  /** The site's public origin, for OAuth return addresses; default http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Google sign-in: client id and secret (both or neither), and the provider's endpoints. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.string().url().default(GOOGLE_DEFAULTS.authUrl),
  GOOGLE_TOKEN_URL: z.string().url().default(GOOGLE_DEFAULTS.tokenUrl),
  GOOGLE_USERINFO_URL: z.string().url().default(GOOGLE_DEFAULTS.userinfoUrl),
  /** WeChat sign-in (website QR login): app id and secret (both or neither), and endpoints. */
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  WECHAT_AUTH_URL: z.string().url().default(WECHAT_DEFAULTS.authUrl),
  WECHAT_API_URL: z.string().url().default(WECHAT_DEFAULTS.apiUrl),
});

export type Env = z.infer<typeof envSchema>;

export type ServerConfig = {
  host: string;
  port: number;
  /** Fastify's trustProxy: false (no proxy), true, or trusted addresses. */
  trustProxy: boolean | string;
  logLevel: Env["LOG_LEVEL"];
  database: DatabaseConfig;
  storageDir: string;
  /** An S3-compatible store (`s3://bucket/prefix?endpoint=…`); null for the local folder. */
  storageUrl: string | null;
  /** How /storage/… serves an S3-compatible store's objects. */
  storageServe: StorageServeMode;
  canonDir: string | null;
  fontFiles: string[];
  fonts: Required<FontSettings>;
  webDistDir: string;
  jwtSecret: string | null;
  admin: { username: string; password: string } | null;
  smtp: { url: string; from: string } | null;
  oauth: OAuthSettings;
  authRateLimit: number;
  trackRateLimit: number;
  oplogRetention: { ipDays: number; keepDays: number | null };
  pageImageLimits: PageImageLimits;
  apiDocs: boolean;
  teamJoinUrl: string | null;
  wechatFollowQrFile: string | null;
};

/** Validates the environment at start; a bad value stops the server with a readable message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.JWT_SECRET) {
    throw new Error("Invalid environment:\n  JWT_SECRET: required in production");
  }
  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new Error("Invalid environment:\n  ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither");
  }
  if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new Error("Invalid environment:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither");
  }
  if ((env.WECHAT_APP_ID === undefined) !== (env.WECHAT_APP_SECRET === undefined)) {
    throw new Error("Invalid environment:\n  WECHAT_APP_ID and WECHAT_APP_SECRET: set both or neither");
  }
  const defaultCanon = resolve("../shared/corpus");
  return {
    host: env.HOST,
    port: env.PORT,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "sqlite", file: resolve(env.SQLITE_FILE) },
    storageDir: resolve(env.STORAGE_DIR),
    storageUrl: env.STORAGE_URL ?? null,
    storageServe: env.STORAGE_SERVE,
    canonDir: env.CANON_DIR ? resolve(env.CANON_DIR) : existsSync(defaultCanon) ? defaultCanon : null,
    fontFiles: env.FONT_FILES.split(":").filter((f) => f !== ""),
    fonts: {
      subsetWorkers: env.FONT_SUBSET_WORKERS ?? defaultSubsetWorkers(),
      subsetQueueLimit: env.FONT_SUBSET_QUEUE,
      subsetPerClient: env.FONT_SUBSET_PER_CLIENT,
      subsetMaxWaitMs: env.FONT_SUBSET_MAX_WAIT_MS,
      rateLimit: { max: env.FONT_RATE_LIMIT, timeWindowMs: 60_000 },
    },
    webDistDir: resolve(env.WEB_DIST_DIR),
    teamJoinUrl: env.TEAM_JOIN_URL ?? null,
    wechatFollowQrFile: env.WECHAT_FOLLOW_QR_FILE ? resolve(env.WECHAT_FOLLOW_QR_FILE) : null,
    apiDocs: env.API_DOCS === undefined ? env.NODE_ENV !== "production" : env.API_DOCS === "true",
    jwtSecret: env.JWT_SECRET ?? null,
    admin:
      env.ADMIN_USERNAME !== undefined && env.ADMIN_PASSWORD !== undefined
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : null,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null,
    authRateLimit: env.AUTH_RATE_LIMIT,
    trackRateLimit: env.TRACK_RATE_LIMIT,
    oplogRetention: { ipDays: env.OPLOG_IP_DAYS, keepDays: env.OPLOG_KEEP_DAYS ?? null },
    pageImageLimits: {
      guestPerDay: env.GUEST_PAGE_IMAGES_PER_DAY ?? null,
      readerPerDay: env.READER_PAGE_IMAGES_PER_DAY ?? null,
    },
    oauth: {
      publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ""),
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              authUrl: env.GOOGLE_AUTH_URL,
              tokenUrl: env.GOOGLE_TOKEN_URL,
              userinfoUrl: env.GOOGLE_USERINFO_URL,
            }
          : null,
      wechat:
        env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
          ? {
              appId: env.WECHAT_APP_ID,
              appSecret: env.WECHAT_APP_SECRET,
              authUrl: env.WECHAT_AUTH_URL,
              apiUrl: env.WECHAT_API_URL,
            }
          : null,
    },
  };
}

function trustProxyOf(value: string | undefined): boolean | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return value;
}
