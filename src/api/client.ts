/**
 * The HTTP client of the web app (the only module that calls ky). `createApiClient` gives a ky
 * instance on the /v1 prefix that sends the Bearer token, the `Timezone` header and credentials,
 * refreshes the token once on 401 (one refresh shared by every request that got 401 meanwhile)
 * and repeats the request once; and `getResult`, which reads the `{ code, msg, result }` envelope
 * (spec sections 7 and 8), emits notices for the user and throws typed errors for the screens.
 * The server checks every answer against the contract's schema before sending it, so the result
 * is typed by the caller with the contract's types and not checked again here.
 */
import ky, { type KyInstance } from "ky";
import { ApiCodeError, ApiError, isAbort } from "./errors.ts";
import type { ApiEvents, Emitter } from "./events.ts";
import { readOutcome } from "./outcome.ts";

/** Where the access token lives; the auth state module implements it over localStorage. */
export type TokenStore = {
  get(): string | null;
  set(token: string): void;
  clear(): void;
};

export type ApiClientOptions = {
  /** "/v1" in the browser; an absolute URL in tests. */
  prefixUrl: string;
  tokens: TokenStore;
  events: Emitter<ApiEvents>;
  /** The reader's IANA time zone, sent as the `Timezone` header. */
  timeZone: () => string;
  timeoutMs?: number;
};

export type ResultOptions = {
  /** Statuses the calling screen handles itself (e.g. 404 → the /404 page): no toast for them. */
  quietStatuses?: readonly number[];
};

export type ApiClient = {
  http: KyInstance;
  /** The answer's `result`, typed by the caller; `T` is `null` for calls that answer nothing. */
  getResult<T>(request: Promise<Response>, options?: ResultOptions): Promise<T>;
  /**
   * Asks for a new access token now (shared with a refresh already running): the roles in it may
   * have changed since sign-in, e.g. an application approved. Null when the session is over.
   */
  refreshToken(): Promise<string | null>;
};

export const REFRESH_PATH = "refresh_token";
const TOKEN_EXPIRED = 401;

const bearer = (token: string): string => `Bearer ${token}`;

function tokenSentWith(request: Request): string | null {
  const header = request.headers.get("authorization");
  return header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : null;
}

/** The answer's JSON, or undefined when it has none; a request aborted meanwhile stays aborted. */
async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === "" ? undefined : JSON.parse(text);
  } catch (error) {
    if (isAbort(error)) throw error;
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokens, events } = options;
  const base = ky.create({
    prefixUrl: options.prefixUrl,
    credentials: "include",
    throwHttpErrors: false,
    timeout: options.timeoutMs ?? 20_000,
    retry: 0,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = tokens.get();
          if (token) request.headers.set("Authorization", bearer(token));
          else request.headers.delete("Authorization");
          request.headers.set("Timezone", options.timeZone());
        },
      ],
    },
  });

  let refreshing: Promise<string | null> | null = null;

  async function requestNewToken(): Promise<string | null> {
    try {
      const response = await base.post(REFRESH_PATH);
      const outcome = readOutcome(response.status, await readJson(response), response.statusText);
      if (outcome.kind !== "result") return null;
      const result = outcome.result as { access_token?: unknown } | null;
      return typeof result?.access_token === "string" ? result.access_token : null;
    } catch {
      return null;
    }
  }

  /** One refresh at a time: every caller while it runs shares its answer. */
  function refreshOnce(): Promise<string | null> {
    refreshing ??= requestNewToken()
      .then((token) => {
        if (token) tokens.set(token);
        return token;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function logout(): void {
    const hadToken = tokens.get() !== null;
    tokens.clear();
    if (hadToken) events.emit("logout", undefined);
  }

  const http = base.extend({
    retry: { limit: 1, methods: ["get"] },
    hooks: {
      afterResponse: [
        async (request, _options, response, state) => {
          if (response.status !== TOKEN_EXPIRED) return;
          // Already repeated once (or retried for another reason): the session is over.
          if (state.retryCount > 0) {
            logout();
            return;
          }
          const current = tokens.get();
          const sent = tokenSentWith(request);
          // Another request refreshed the token after this one was sent: just repeat it.
          const token = current && current !== sent ? current : await refreshOnce();
          if (!token) {
            logout();
            return;
          }
          return ky.retry({ delay: 0 });
        },
      ],
    },
  });

  async function getResult<T>(request: Promise<Response>, resultOptions: ResultOptions = {}): Promise<T> {
    const response = await request;
    const outcome = readOutcome(response.status, await readJson(response), response.statusText);
    // A success envelope always carries `result` (null when there is nothing to answer).
    if (outcome.kind === "result" && outcome.result !== undefined) return outcome.result as T;
    if (outcome.kind === "screen") throw new ApiCodeError(response.status, outcome.code, outcome.msg);
    const quiet = resultOptions.quietStatuses?.includes(response.status) ?? false;
    const failure =
      outcome.kind === "notice"
        ? outcome
        : { notice: { kind: "unexpected", status: response.status } as const, code: null, msg: "no result" };
    if (!quiet) events.emit("notice", failure.notice);
    const message = `HTTP ${response.status}${failure.msg ? `: ${failure.msg}` : ""}`;
    throw new ApiError(message, response.status, failure.code, !quiet, failure.msg);
  }

  return { http, getResult, refreshToken: refreshOnce };
}
