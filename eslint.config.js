import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The feature folders' levels, top to bottom (issue 27; README "Layers"): a feature imports only
 * features on lower levels, never one on its own level or above. Below them all sit app/writes,
 * app/page-cache and app/platform (their zones are below). Entries tells the levels under it of
 * each save (link checks, My exams' notices, alerts); those never import entries.
 */
const FEATURE_LEVELS = [
  [
    "csv",
    "eligibility",
    "messages",
    "notice-import",
    "photo-kit",
    "redirects",
    "seo",
    "site-pages",
    "users",
  ],
  ["entries"],
  ["link-monitor", "my-exams"],
  ["alerts", "files", "organizations"],
  ["settings"],
];
/** The feature folders (layer 3), with the three below them all. */
const FEATURES = [...FEATURE_LEVELS.flat(), "writes", "page-cache", "platform"].map(
  (name) => `app/${name}/**`,
);
/** Tiny shared helpers (layer 6). */
const LIB = ["app/lib/**"];
/**
 * The page cache is one module (issue 27): from outside app/page-cache/, only its index.ts is
 * imported (what routes declare, what writes call, the process's hit path and middleware).
 * Its own tests import its files.
 */
const PAGE_CACHE_ZONE = {
  from: "app/page-cache/**",
  except: ["**/app/page-cache/index.ts"],
  message: "Import the page cache through app/page-cache/index.ts: its other files are private.",
};
/**
 * Repositories only run SQL (issue 27): the services (app/writes/, *.service.server.ts) call
 * them inside their transaction with the revision, outbox rows and audit; a repository calls
 * neither a service nor alerts.
 */
const REPOSITORY_ZONE = {
  target: [
    "app/**/*.repository.server.ts",
    "app/entries/entries.repository.server.ts",
    "app/entries/scheduled.server.ts",
    "app/entries/admin.repository.server.ts",
    "app/writes/revisions.repository.server.ts",
    "app/organizations/organizations.repository.server.ts",
    "app/files/file-references.repository.server.ts",
    "app/site-pages/site-pages.repository.server.ts",
  ],
  from: [
    "app/writes/**",
    "app/alerts/**",
    "app/**/*.service.server.ts",
    "app/link-monitor/entry-links.server.{ts,tsx}",
  ],
  message: "A repository only runs SQL: the service calls alerts, revisions and audit around it.",
};
/** The feature folders but these: what the given ones may not import. */
const FEATURES_BUT = (...names) => FEATURES.filter((glob) => !names.includes(glob.split("/")[1]));
/** The ground every feature stands on: the database, configuration, logging, auth, the outbound client. */
const PLATFORM = ["app/platform/**"];
/** One zone per feature folder: nothing from its own level (but itself) or above. */
const FEATURE_LEVEL_ZONES = FEATURE_LEVELS.flatMap((level, i) => {
  const below = FEATURE_LEVELS.slice(i + 1).flat();
  return level.map((name) => ({
    target: `app/${name}/**`,
    from: FEATURE_LEVELS.slice(0, i + 1)
      .flat()
      .filter((other) => other !== name)
      .map((other) => `app/${other}/**`),
    message:
      `app/${name}/ imports only features on lower levels (${below.join(", ") || "none"}), ` +
      "and writes, page-cache, platform, i18n, content, lib: move what both need down.",
  }));
});
/** Every folder of app/ has its place: a new feature folder takes a level above (the lead decides). */
const PLACED = [
  ...FEATURE_LEVELS.flat(),
  ...["routes", "components", "writes", "page-cache", "platform", "i18n", "content", "lib"],
];
const unplaced = readdirSync(`${import.meta.dirname}/app`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !PLACED.includes(entry.name))
  .map((entry) => `app/${entry.name}/`);
if (unplaced.length > 0)
  throw new Error(`eslint.config.js: give ${unplaced.join(", ")} a level in FEATURE_LEVELS`);
const LAYER_ZONES = [
  REPOSITORY_ZONE,
  ...FEATURE_LEVEL_ZONES,
  { ...PAGE_CACHE_ZONE, target: ["app/!(page-cache)/**", "app/*.{ts,tsx}"] },
  {
    target: "app/**",
    from: ["{server.ts,http/**,demo/**}"],
    message:
      "app/ does not import the process (http/) nor the demo content (demo/): they are the edge above.",
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
  // Inside layer 3 (issue 27): a feature writes through app/writes/, which tells the page cache,
  // and all three stand on app/platform/; none of those imports a feature.
  {
    target: "app/writes/**",
    from: FEATURES_BUT("writes", "page-cache", "platform"),
    message:
      "app/writes/ sits below the features: it imports only the page cache and the platform.",
  },
  {
    target: "app/page-cache/**",
    from: FEATURES_BUT("page-cache", "platform"),
    message: "The page cache sits below the features and writes: it imports only the platform.",
  },
  {
    target: PLATFORM,
    from: FEATURES_BUT("platform"),
    message: "app/platform/ is the ground the features stand on: it imports none of them.",
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
  {
    target: "app/lib/**",
    from: ["app/**"],
    except: ["**/app/lib/**"],
    message: "app/lib is the lowest layer: it imports nothing else from app/.",
  },
];

/** The only files of app/, http/, demo/ and server.ts that may call the console, each for its reason. */
const CONSOLE_ALLOWED = [
  // A start that fails is one plain line on stderr (printFatal; e2e/startup.test.ts reads it),
  // printed where the configuration the logger needs may be what is wrong.
  "http/startup.ts",
  // Code in the reader's browser reports to the console (spec §8), through this one module.
  "app/lib/browser-log.ts",
];

/** Writers that still open their own transaction (see the write-pipeline rule at the end). */
const WRITE_TRANSACTION_EXCEPTIONS = [
  // The sign-in and form rate-limit counters (platform, no audit).
  "app/platform/rate-limit.server.ts",
  // The link monitor's findings, the hot-pages counter, the 404 log's counts.
  "app/link-monitor/monitor.server.ts",
  "app/page-cache/hot-pages.server.ts",
  "app/redirects/not-found-log.repository.server.ts",
  // Readers' own lists and alert subscriptions (no admin actor).
  "app/my-exams/lists.server.ts",
  "app/alerts/subscriptions.server.ts",
  // Bench and demo data in bulk (insertGeneratedEntries).
  "app/entries/bulk.repository.server.ts",
];

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
  // Configuration is read in one place, the env schema (app/platform/env.server.ts), parsed once at
  // start-up with a message for each bad value. Tests, bench/, scripts/, e2e/ and test/ set up
  // child processes and may read process.env; they are outside these files.
  {
    files: ["app/**/*.{ts,tsx}", "http/**/*.ts", "demo/**/*.ts", "server.ts"],
    ignores: ["app/platform/env.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration from app/platform/env.server.ts (env(), or a reader of one group of settings there).",
        },
      ],
    },
  },
  // Everything logs through the pino logger (app/platform/logger.server.ts: `logger`, and
  // `processLog` for the process's own start and stop lines), except CONSOLE_ALLOWED.
  {
    files: ["app/**/*.{ts,tsx}", "http/**/*.ts", "demo/**/*.ts", "server.ts"],
    ignores: ["**/*.test.{ts,tsx}", ...CONSOLE_ALLOWED],
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
  // The page cache's privacy for what the layer rule above does not cover: the process, scripts,
  // bench, e2e and tests outside the folder.
  {
    files: [
      "server.ts",
      "{http,demo,scripts,bench,e2e,test}/**/*.{ts,tsx}",
      "app/**/*.test.{ts,tsx}",
    ],
    ignores: ["app/page-cache/**"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [{ ...PAGE_CACHE_ZONE, target: "**" }] }],
    },
  },
  // One write pipeline (issue 27, PLAN-27 §2c): only inWrite (app/writes/transaction.server.ts)
  // and the database layer open a transaction; a service writes through inWrite. Tests, demo/,
  // scripts/ and bench/ are outside these files. WRITE_TRANSACTION_EXCEPTIONS are writers outside
  // the editors' pipeline by design: counters and readers' own data, with no editor, no audit line,
  // no page-cache scope and no content generation to move (inWrite would add all four). A writer
  // that gains any of these moves to a service and off the list. (A later block setting no-restricted-syntax for the same files would
  // replace this one: add its selectors here instead.)
  {
    files: ["app/**/*.{ts,tsx}", "http/**/*.ts", "server.ts"],
    ignores: [
      "**/*.test.{ts,tsx}",
      "app/platform/db/**",
      "app/writes/transaction.server.ts",
      ...WRITE_TRANSACTION_EXCEPTIONS,
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
          message:
            "Write through inWrite (app/writes/transaction.server.ts) from a service: it is the one place a write transaction opens.",
        },
      ],
    },
  },
);
