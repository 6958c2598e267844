/**
 * The app proper, loaded by the entry (main.tsx): creates the services and the router and mounts
 * them once the interface language's catalogue is active.
 */
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { loadLaterMessages, setLaterMessagesApplier } from "../i18n/activate.ts";
import { rememberAppFiles } from "./appFilesCookie.ts";
import { applyBuildStyles } from "./buildStyles.ts";
import { loadFirstScreenData } from "./routes/firstScreenData.ts";
import { createAppRouter } from "./routes/router.tsx";
import { createServices, ServicesContext } from "./shell/services.ts";

/** `entryPath`: the entry script's path, which names the build (contract/app-screens.ts). */
export async function startApp(i18n: I18n, localeReady: Promise<void>, entryPath: string): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root element missing from index.html");
  const root = createRoot(container);
  const services = createServices(window);
  const router = createAppRouter(services);
  // Resolving the address and starting the first screen's data go in a task of their own.
  await new Promise((resolve) => window.setTimeout(resolve, 0));
  // A text of the later catalogue shown before it loaded (a part that is not lazy): load it now;
  // the provider shows the translation as soon as it arrives.
  i18n.on("missing", () => void loadLaterMessages().catch(() => undefined));
  // The later catalogue arriving re-renders every text shown: in slices, leaving the page free.
  setLaterMessagesApplier((apply) => startTransition(apply));
  // The address is resolved (guards, matches, the screen's code) and its data loaded before the
  // first render, so that render shows the screen with its data and runs as a transition; resolved
  // after mounting, it would render the screen again in one block of work.
  const routed = Promise.all([localeReady, router.load().catch(() => undefined)]);
  await Promise.all([
    routed,
    applyBuildStyles(document, window),
    loadFirstScreenData({
      services,
      win: window,
      routed,
      routeSearch: () => router.state.matches.at(-1)?.search ?? {},
      locale: () => i18n.locale,
    }),
  ]);
  // Rendered as a transition, the first screen is built in slices that leave the page's thread
  // free for input (the page already shows what the server drew).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <ServicesContext.Provider value={services}>
            <RouterProvider router={router} />
          </ServicesContext.Provider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
  if (import.meta.env.PROD) {
    void import("../offline/pwa/register.ts").then(({ startServiceWorker }) => startServiceWorker());
    rememberAppFiles(document, entryPath);
  }
}
