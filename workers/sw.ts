/**
 * The service worker (built by vite-plugin-pwa, injectManifest). It precaches the app shell and
 * caches at run time what the reader loads: hashed chunks (lazy parts, locale catalogues) and
 * fonts, cache first. Navigations go to the network first and fall back to the precached shell.
 * Downloaded page scans and the images of articles kept for offline reading come from IndexedDB
 * before the network. /v1 answers are never cached here: the app keeps its offline data in
 * IndexedDB.
 */
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { storedBlobResponse } from "./offline-blobs.ts";
import "./outbox-sync.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const DAY = 24 * 60 * 60;
const SHELL = "/index.html";
const OFFLINE_PAGE = "/offline.html";

/**
 * Every path of the app is the same index.html, so the shell a navigation falls back to is the
 * precached one (whose chunks are cached with it), never a stored copy of some other version.
 */
const shellFallback = {
  cacheWillUpdate: async () => null,
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) =>
    cachedResponse ?? (await matchPrecache(SHELL)) ?? (await matchPrecache(OFFLINE_PAGE)) ?? null,
};

// The page's request starts while this worker starts up, instead of after it (NetworkFirst takes
// the preloaded answer).
enableNavigationPreload();

// Navigations go to the network first and to the shell without one. This route is registered
// before the precache route, which would otherwise answer "/offline" with offline.html (its
// clean-URL rule) and "/" with its directory index: only this route answers navigations.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({ cacheName: "canon-pages", networkTimeoutSeconds: 3, plugins: [shellFallback] }),
    {
      denylist: [/^\/v1\//, /^\/storage\//],
    },
  ),
);

precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

// A first install takes the open pages at once, so the chunks they load next are cached; an
// update waits until the reader accepts it (see the message handler).
clientsClaim();

self.addEventListener("message", (event) => {
  if (isMessage(event.data, "SKIP_WAITING")) void self.skipWaiting();
});

function isMessage(data: unknown, type: string): boolean {
  return typeof data === "object" && data !== null && "type" in data && data.type === type;
}

const sameOrigin = (url: URL): boolean => url.origin === self.location.origin;

// Fonts: static files and the server's font subsets (GET, so cacheable; each URL names its chars).
registerRoute(
  ({ request, url }) =>
    request.destination === "font" ||
    (sameOrigin(url) && /\.(?:woff2?|ttf|otf)$/.test(url.pathname)) ||
    (sameOrigin(url) && /^\/v1\/tripitaka\/[^/]+\/char\/dynamic_font$/.test(url.pathname)),
  new CacheFirst({
    cacheName: "canon-fonts",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

/** The part of the static routing API (InstallEvent.addRoutes) this worker uses. */
type StaticRoute = {
  condition: { urlPattern?: { pathname: string }; requestMode?: RequestMode };
  source: "cache" | "race-network-and-fetch-handler";
};
type RoutingInstallEvent = ExtendableEvent & { addRoutes?(routes: StaticRoute[]): Promise<void> };

// Content-hashed build output is read from the caches by the browser itself, without waking this
// worker for each of the tens of chunks a screen loads (it costs a warm start hundreds of
// milliseconds). A chunk in no cache goes to the network; the page then hands this worker the
// chunks it loaded (src/offline/pwa/register.ts) and the route below caches them. A page is
// asked of the network at once, beside this worker, whose answer (the shell) counts only when
// the network fails: the page no longer waits for the worker to start.
self.addEventListener("install", (event: RoutingInstallEvent) => {
  if (typeof event.addRoutes !== "function") return;
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: { pathname: "/assets/*" } }, source: "cache" },
        { condition: { requestMode: "navigate" }, source: "race-network-and-fetch-handler" },
      ])
      .catch(() => undefined),
  );
});

// Content-hashed build output: a name never changes content, so the cache is always right.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/assets/") && !url.pathname.endsWith(".map"),
  new CacheFirst({
    cacheName: "canon-assets",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Page scans, thumbnails and kept articles' images: IndexedDB first, then the network (not cached here).
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/storage/"),
  async ({ request, url }) => (await storedBlobResponse(url.pathname)) ?? fetch(request),
);
