import type { FastifyReply, FastifyRequest } from "fastify";
import { ok } from "../../../contract/envelope.ts";
import type { Session } from "./sign-in.ts";

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

/** Sets the refresh cookie, to last as long as its token, and answers the access token. */
export function sendSession(reply: FastifyReply, session: Session) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...cookieOptions,
    maxAge: Math.max(0, Math.floor(session.refreshTtlMs / 1000)),
  });
  return ok({ access_token: session.accessToken, token_type: "bearer" as const });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions);
}
