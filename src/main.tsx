/**
 * Entry of the web app: creates the services, picks the interface language (the `lang` cookie,
 * else the browser's, else simplified Chinese), loads its catalogue and mounts the router.
 */
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createAppRouter } from "./app/routes/router.tsx";
import { createServices, ServicesContext } from "./app/shell/services.ts";
import { activateLocale } from "./i18n/activate.ts";
import { pickLocale } from "./i18n/locale.ts";

const container = document.getElementById("root");
if (!container) throw new Error("#root element missing from index.html");
const root = createRoot(container);

const services = createServices(window);
const router = createAppRouter(services);
const i18n = setupI18n();

void activateLocale(i18n, pickLocale(document.cookie, navigator.languages)).then(() => {
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ServicesContext.Provider value={services}>
          <RouterProvider router={router} />
        </ServicesContext.Provider>
      </I18nProvider>
    </StrictMode>,
  );
  if (import.meta.env.PROD) {
    void import("./offline/pwa/register.ts").then(({ startServiceWorker }) => startServiceWorker());
  }
});
