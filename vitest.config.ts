import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: [
            "app/**/*.test.ts",
            "scripts/**/*.test.ts",
            "http/**/*.test.ts",
            "demo/**/*.test.ts",
          ],
          globalSetup: ["test/postgres.global.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["test/postgres.global.ts", "e2e/server.global.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
          // A page drawn on the client can take seconds on a loaded 2-core CI machine: as long as
          // a locator waits (e2e's `shown`), not expect.poll's default of one second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
