import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  // Configuration is read in one place, the env schema (app/server/env.server.ts), parsed once at
  // start-up with a message for each bad value. Tests, bench/, scripts/, e2e/ and test/ set up
  // child processes and may read process.env; they are outside these files.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    ignores: ["app/server/env.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration from app/server/env.server.ts (env(), or a reader of one group of settings there).",
        },
      ],
    },
  },
  // Server code logs through the pino logger (app/server/logger.server.ts). Allowed to print:
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    ignores: [
      "**/*.test.{ts,tsx}",
      // Components run in the browser, where the console is the log.
      "app/components/**",
      // Start-up and shutdown lines for the person starting the server: one plain line each on
      // stderr/stdout, written at once (the logger buffers), which e2e/startup, cluster and
      // shutdown tests read.
      "server.ts",
      "server/serve.ts",
      "server/cluster.ts",
    ],
    rules: { "no-console": "error" },
  },
);
