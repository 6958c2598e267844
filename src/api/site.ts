/** `GET /v1/site/config`: what the site has configured for every visitor's screens. */
import type { SiteConfig } from "../../contract/site.ts";
import type { ApiClient } from "./client.ts";

export function fetchSiteConfig(api: ApiClient): Promise<SiteConfig> {
  return api.getResult<SiteConfig>(api.http.get("site/config"));
}
