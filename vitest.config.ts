import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // The pack and offline-library files serve the starter canon and build real packs: on a
          // busy machine they take far longer than Vitest's defaults, which are meant for a hang.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // A page's first load on a busy machine (service worker, lazy parts, first API answers)
          // can take longer than expect.poll's 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
