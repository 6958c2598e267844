/**
 * `GET /v1/site/config`: what this site has configured for every visitor's screens. Today the image
 * of its WeChat official account's QR code that the home footer invites readers to follow, as the
 * address to load it from (versioned by its content), or null when none is configured.
 */
import { z } from "zod";

export const siteConfigResult = z.object({
  wechat_follow_qr: z.string().nullable(),
});
export type SiteConfig = z.infer<typeof siteConfigResult>;

export const WECHAT_FOLLOW_QR_PATH = "/v1/site/wechat_follow_qr";
