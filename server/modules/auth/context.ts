/** What the account services share: the database, the clock, randomness, the key and the sender. */
import { randomBytes, randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { OAuthSettings } from "../oauth/settings.ts";
import type { MessageSender } from "./messages.ts";

export type AuthOptions = {
  /** HS256 key for access tokens; a random one is generated (with a warning) when absent. */
  jwtSecret?: string;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** A number in [0, 1); drives the captcha text and noise. */
  random?: () => number;
  sender?: MessageSender;
  smtp?: { url: string; from: string };
  /** Requests per window and client address on the login and code routes. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Tracking events per window and client address on `POST /v1/track`. */
  trackRateLimit?: { max: number; timeWindowMs: number };
  /** Google and WeChat sign-in; neither is offered when absent. */
  oauth?: OAuthSettings;
};

export type AuthContext = {
  db: Kysely<Database>;
  now: () => number;
  random: () => number;
  secret: Uint8Array;
  sender: MessageSender;
  log: FastifyBaseLogger;
  /** The password hash a sign-in checks against when its name is no account. */
  unknownAccountHash: () => Promise<string>;
};

const RANDOM_RANGE = 2 ** 32;

export const secureRandom = (): number => randomInt(0, RANDOM_RANGE) / RANDOM_RANGE;

export function generateSecret(): string {
  return randomBytes(48).toString("base64url");
}
