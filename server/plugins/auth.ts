/**
 * Sign-in plumbing: the account services' context on `app.auth`, `request.user` from the Bearer
 * token (checked against its user's session on every request), cookies, form bodies and rate
 * limiting, and the `requireUser` / `requireRole` guards. A guard a route names as its `preHandler`
 * or `preValidation` is run as its `onRequest` hook instead, so that a caller without the right
 * answers 401 or 403 whatever it sent, before its body is parsed or its input validated.
 */
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Role, TokenPayload } from "../../contract/accounts.ts";
import type { CanonDb } from "../db/connect.ts";
import { ApiError } from "../errors.ts";
import { type AuthContext, type AuthOptions, generateSecret, secureRandom } from "../modules/auth/context.ts";
import { type MessageSender, outboxSender, smtpSender } from "../modules/auth/messages.ts";
import { unknownAccountHash } from "../modules/auth/passwords.ts";
import { authenticate } from "../modules/auth/sessions.ts";
import { databaseRateLimitStore } from "./rate-limit-store.ts";

declare module "fastify" {
  interface FastifyInstance {
    auth: AuthContext;
    authRateLimit: { max: number; timeWindow: number };
  }
  interface FastifyRequest {
    /** The signed-in user from a valid Bearer token of a session still open, else null. */
    user: TokenPayload | null;
  }
}

const DEFAULT_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 };

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export async function registerAuth(app: FastifyInstance, canon: CanonDb, options: AuthOptions = {}) {
  let jwtSecret = options.jwtSecret;
  if (!jwtSecret) {
    jwtSecret = generateSecret();
    app.log.warn("JWT_SECRET is not set: using a random key, so sign-ins end when the server restarts");
  }
  const now = options.now ?? Date.now;
  const outbox = outboxSender(canon.db, app.log, now);
  const sender: MessageSender = options.sender ?? (options.smtp ? smtpSender(options.smtp, outbox) : outbox);
  app.decorate("auth", {
    db: canon.db,
    now,
    random: options.random ?? secureRandom,
    secret: new TextEncoder().encode(jwtSecret),
    sender,
    log: app.log,
    unknownAccountHash: unknownAccountHash(),
  });
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  app.decorate("authRateLimit", { max: limit.max, timeWindow: limit.timeWindowMs });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Counted in the database, so that every server process on it counts the same hits.
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(canon.db, now),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, `too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });

  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    request.user = token ? await authenticate(app.auth, token) : null;
  });
  app.addHook("onRoute", guardOnRequest);
}

const ROUTE_GUARD = Symbol("route guard");

/** An access check for a route's hooks; see guardOnRequest. */
export type RouteGuard = ((request: FastifyRequest) => Promise<void>) & { readonly [ROUTE_GUARD]: true };

const routeGuard = (check: (request: FastifyRequest) => void): RouteGuard =>
  Object.assign(async (request: FastifyRequest) => check(request), { [ROUTE_GUARD]: true as const });

function isRouteGuard(hook: unknown): hook is RouteGuard {
  return typeof hook === "function" && ROUTE_GUARD in hook;
}

const asArray = <T>(hook: T | T[] | undefined): T[] =>
  hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];

/**
 * Moves the guards among a route's `preValidation` and `preHandler` hooks to the end of its
 * `onRequest` hooks (which run after the app's, so `request.user` is known by then).
 */
function guardOnRequest(route: RouteOptions): void {
  const preValidation = asArray(route.preValidation);
  const preHandler = asArray(route.preHandler);
  const guards = [...preValidation, ...preHandler].filter(isRouteGuard);
  if (guards.length === 0) return;
  route.preValidation = preValidation.filter((hook) => !isRouteGuard(hook));
  route.preHandler = preHandler.filter((hook) => !isRouteGuard(hook));
  route.onRequest = [...asArray(route.onRequest), ...guards];
}

/** The access token's OpenAPI security scheme, under the name `bearerSecurity` refers to. */
export const bearerSecurityScheme = {
  bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
} as const;

/** The OpenAPI security requirement of a route that `requireUser` or `requireRole` guards. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The signed-in user, or a 401. */
export function signedIn(request: FastifyRequest): TokenPayload {
  if (!request.user) throw new ApiError(401);
  return request.user;
}

/** Lets through signed-in users only (401). */
export const requireUser: RouteGuard = routeGuard((request) => {
  signedIn(request);
});

/** Lets through only users whose token carries `role` (401 signed out, 403 else). */
export function requireRole(role: Role): RouteGuard {
  return routeGuard((request) => {
    if (!signedIn(request).roles.includes(role)) throw new ApiError(403);
  });
}
