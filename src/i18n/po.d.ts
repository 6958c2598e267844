/** `.po` catalogues are compiled to message maps by @lingui/vite-plugin at build time. */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
