import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true },
  server: { proxy: { "/v1": "http://127.0.0.1:8080", "/storage": "http://127.0.0.1:8080" } },
});
