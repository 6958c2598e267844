import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import type { DatabaseConfig } from "./db/connect.ts";

const envSchema = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** PostgreSQL connection string; when unset the embedded SQLite file is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  SQLITE_FILE: z.string().min(1).default("data/canon.db"),
  STORAGE_DIR: z.string().min(1).default("data/storage"),
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
  WEB_DIST_DIR: z.string().min(1).default("dist"),
});

export type Env = z.infer<typeof envSchema>;

export type ServerConfig = {
  host: string;
  port: number;
  logLevel: Env["LOG_LEVEL"];
  database: DatabaseConfig;
  storageDir: string;
  canonDir: string | null;
  fontFiles: string[];
  webDistDir: string;
};

/** Validates the environment at start; a bad value stops the server with a readable message. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const defaultCanon = resolve("../shared/corpus");
  return {
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "sqlite", file: resolve(env.SQLITE_FILE) },
    storageDir: resolve(env.STORAGE_DIR),
    canonDir: env.CANON_DIR ? resolve(env.CANON_DIR) : existsSync(defaultCanon) ? defaultCanon : null,
    fontFiles: env.FONT_FILES.split(":").filter((f) => f !== ""),
    webDistDir: resolve(env.WEB_DIST_DIR),
  };
}
