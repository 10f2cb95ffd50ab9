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
        },
      },
    ],
  },
});
