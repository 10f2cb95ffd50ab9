import { readFileSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The feature folders (layer 3), beside app/server until the move to folders by feature. */
const FEATURES = [
  "app/server/**",
  "app/csv/**",
  "app/link-monitor/**",
  "app/my-exams/**",
  "app/notice-import/**",
  "app/photo-kit/**",
];
/** Tiny shared helpers (layer 6), at the top of app/ until app/lib exists. */
const LIB = [
  "app/cache-scope.ts",
  "app/chunk-recovery.ts",
  "app/india-date.ts",
  "app/packed.ts",
  "app/page-path.ts",
  "app/push-support.ts",
  "app/request-context.ts",
  "app/route-handle.ts",
];
const LAYER_ZONES = [
  {
    target: "app/**",
    from: ["{server.ts,server/**}"],
    message: "app/ does not import the process (server/): it is the edge above.",
  },
  {
    target: ["app/components/**", "app/i18n/**", "app/content/**", ...FEATURES, ...LIB],
    from: ["app/routes/**"],
    message: "Routes are the edge: nothing below imports them.",
  },
  {
    target: "app/components/**",
    from: ["app/**/*.server.ts", "app/**/*.server.tsx"],
    message: "Components run in the browser too: no server modules.",
  },
  {
    target: FEATURES,
    from: ["app/components/**"],
    message: "Features sit below the components: move what both need down.",
  },
  {
    target: "app/i18n/**",
    from: ["app/components/**", ...FEATURES],
    message: "Catalogues sit below the features and components.",
  },
  {
    target: "app/content/**",
    from: ["app/i18n/**", "app/components/**", ...FEATURES],
    message: "Content is the browser-safe domain: it returns codes, catalogues make words.",
  },
  {
    target: LIB,
    from: ["app/content/**", "app/i18n/**", "app/components/**", ...FEATURES],
    message: "The shared helpers import nothing above them.",
  },
];

/**
 * Upward imports there were when the layer rule came in (issue 27), each allowed in its one file
 * until the move to folders by feature removes it. Remove a line when its import goes; add none.
 */
const UPWARD_IMPORTS = {
  "app/components/admin/editing-now.tsx": ["app/server/presence.server.ts"],
  "app/components/admin/entry-links-panel.tsx": ["app/link-monitor/admin.server.ts"],
  "app/components/admin/link-findings.tsx": ["app/link-monitor/admin.server.ts"],
  "app/components/admin/links-card.tsx": ["app/link-monitor/admin.server.ts"],
  "app/content/contact.ts": ["app/i18n/locale.ts"],
  "app/content/eligibility-words.ts": ["app/i18n/locale.ts"],
  "app/content/eligibility.ts": ["app/i18n/locale.ts"],
  "app/content/glance.ts": ["app/i18n/locale.ts", "app/server/format.ts"],
  "app/content/job-eligibility.ts": ["app/i18n/locale.ts", "app/i18n/title.ts"],
  "app/content/landing.ts": ["app/i18n/locale.ts"],
  "app/content/registry.ts": ["app/photo-kit/job-fields.ts"],
  "app/i18n/change-words.ts": ["app/server/format.ts"],
  "app/my-exams/entry-actions.server.ts": ["app/components/entry-detail.tsx"],
  "app/my-exams/my-list.tsx": ["app/components/admin/use-hydrated.ts"],
  "app/my-exams/save-slot.tsx": ["app/components/admin/use-hydrated.ts"],
  "app/photo-kit/admin/preset-field.tsx": ["app/components/admin/field-input.tsx"],
  "app/server/entries/suggestions.server.ts": ["app/components/admin/entry-diff.ts"],
  "app/server/list-rows.server.ts": ["app/components/entry-list-item.tsx"],
  "app/server/write/suggestions.server.ts": ["app/components/admin/entry-diff.ts"],
};

/** The spellings of an import of `target` from `file` (`~/…` or relative, with its extension). */
const specifiers = (file, target) => {
  const relative = path.posix.relative(path.posix.dirname(file), target);
  return [
    `"~/${target.slice("app/".length)}"`,
    `"${relative.startsWith(".") ? "" : "./"}${relative}"`,
  ];
};
// The list only shrinks: a line whose import has gone stops the lint until it is removed.
for (const [file, imports] of Object.entries(UPWARD_IMPORTS)) {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    // A file that has gone: every line for it is stale.
  }
  for (const target of imports)
    if (!specifiers(file, target).some((spelling) => text.includes(spelling)))
      throw new Error(
        `eslint.config.js UPWARD_IMPORTS: ${file} no longer imports ${target}; remove it from the list`,
      );
}

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
      // `import { type A } from "x"` keeps `import "x"` in the bundle: zod came into every job
      // page's script that way (+25 KB gzip). Only `import type { A }` leaves the module out.
      "@typescript-eslint/no-import-type-side-effects": "error",
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
  // Structure (issue 27, ../shared/ARCHITECTURE.md): no import cycle, and arrows only point down
  // the layers (edges → components → features → i18n → content → lib).
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: LAYER_ZONES }],
    },
  },
  ...Object.entries(UPWARD_IMPORTS).map(([file, imports]) => ({
    files: [file],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: LAYER_ZONES.map((zone) => ({ ...zone, except: imports.map((i) => `**/${i}`) })) },
      ],
    },
  })),
);
