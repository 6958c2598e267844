import type { FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../../../contract/envelope.ts";
import type { Session } from "./sign-in.ts";
import { REFRESH_TOKEN_TTL_MS } from "./tokens.ts";

export const REFRESH_COOKIE = "refresh_token";

const cookieOptions = {
  httpOnly: true,
  sameSite: "strict",
  secure: "auto",
  path: "/v1",
} as const;

export function refreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}

/** Sets the refresh cookie and answers the access token. */
export function sendSession(reply: FastifyReply, session: Session) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...cookieOptions,
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
  return ok({ access_token: session.accessToken, token_type: "bearer" as const });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions);
}
