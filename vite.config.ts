import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Lingui: the app uses message descriptors with explicit ids (no macros), so no Babel pass is
// needed; @vitejs/plugin-react 6 no longer runs Babel plugins. The lingui plugin compiles the
// `.po` catalogues the app imports into message modules at build time.
export default defineConfig({
  plugins: [react(), lingui()],
  build: { outDir: "dist", sourcemap: true },
  server: { proxy: { "/v1": "http://127.0.0.1:8080", "/storage": "http://127.0.0.1:8080" } },
});
