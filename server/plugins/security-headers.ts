/**
 * Security headers on every answer, the API's and the web app's (helmet's, worked out once at start
 * and set by one hook, so a request pays for nothing but copying them): a
 * Content Security Policy the built app, its service worker and its workers run under, frame
 * protection, `nosniff`, and a same-origin Referrer-Policy. The policy allows:
 *   script-src 'self'                 the build's module scripts and workers; nothing inline
 *   style-src 'self' 'unsafe-inline'  the build's stylesheet, and the <style> elements Fluent UI writes at run time (its theme)
 *   img-src, font-src data: blob:     captcha images, scans and fonts kept offline as blobs
 *   worker-src 'self' blob:           the service worker and the search worker
 *   frame-src                         only WeChat's sign-in page (its QR code in the sign-in card),
 *                                     and only while WeChat sign-in is configured
 * No `upgrade-insecure-requests`: the embedded server answers plain HTTP on a local network too.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:", "blob:"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'", "blob:"],
  "manifest-src": ["'self'"],
  "media-src": ["'self'", "blob:"],
  "object-src": ["'none'"],
  "frame-ancestors": ["'none'"],
  "form-action": ["'self'"],
} as const;

/** What helmet is told for a site whose pages may embed frames from `frameSources` (origins). */
function helmetOptions(frameSources: readonly string[]) {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]),
  );
  if (frameSources.length > 0) directives["frame-src"] = [...frameSources];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    // The reader's scans and fonts are fetched by the app's own pages only.
    crossOriginResourcePolicy: { policy: "same-origin" },
    // Sign-in with Google or WeChat leaves and comes back by redirects; no window is shared.
    crossOriginOpenerPolicy: { policy: "same-origin" },
  } satisfies HelmetOptions;
}

/** The headers helmet sets with these options, as name and value. */
export function securityHeaders(frameSources: readonly string[] = []): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recording = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(helmetOptions(frameSources))(
    {} as IncomingMessage,
    recording as unknown as ServerResponse,
    () => undefined,
  );
  return Object.freeze(headers);
}

export const SECURITY_HEADERS = securityHeaders();
const securityHeaderEntries = Object.entries(SECURITY_HEADERS);

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { frameSources: readonly string[] },
): Promise<void> {
  const headers = securityHeaders(options.frameSources);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The same headers on an answer made before the request reached the app's hooks (a malformed
 * percent-encoding or an over-long parameter met while routing).
 */
export function addSecurityHeaders(_request: IncomingMessage, response: ServerResponse): void {
  for (const [name, value] of securityHeaderEntries) response.setHeader(name, value);
}
