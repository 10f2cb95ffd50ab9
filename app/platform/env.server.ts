import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { MailSettingsSchema } from "./env/mail.server.ts";
import { ChannelSettingsSchema } from "./env/channels.server.ts";
import {
  OutboundSettingsSchema,
  readOutbound,
  refuseLocalInProduction,
  type OutboundSettings,
} from "./outbound/settings.server.ts";
import { LinkMonitorSettingsSchema } from "./env/link-monitor.server.ts";
import { MyExamsSettingsSchema } from "./env/my-exams.server.ts";
import { rateLimitSetting } from "./rate-limit-rule.ts";
import {
  parseTrustedProxies,
  TrustedProxiesError,
  type TrustedProxies,
} from "./client-address.server.ts";

/** Where the app keeps its own files (the SQLite database, the generated auth secret). */
export const DATA_DIR = path.resolve(process.env.DATA_DIR ?? "data");

export type DatabaseTarget =
  { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

const databaseUrl = z
  .string()
  .optional()
  .transform((value, ctx): DatabaseTarget => {
    if (!value) return { dialect: "sqlite", file: path.join(DATA_DIR, "govjobs.db") };
    if (value.startsWith("file:")) {
      const file = value.slice("file:".length);
      if (!file) {
        ctx.addIssue({ code: "custom", message: "file: needs a path, e.g. file:data/govjobs.db" });
        return z.NEVER;
      }
      return { dialect: "sqlite", file: path.resolve(file) };
    }
    if (/^postgres(ql)?:\/\//.test(value)) {
      try {
        new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "is not a valid postgres:// URL" });
        return z.NEVER;
      }
      return { dialect: "postgres", url: value };
    }
    ctx.addIssue({
      code: "custom",
      message:
        "must be unset (SQLite in data/), file:PATH (SQLite) or postgres://USER:PASSWORD@HOST/DB",
    });
    return z.NEVER;
  });

const flag = z
  .enum(["", "0", "1", "true", "false"])
  .optional()
  .transform((v) => v === "1" || v === "true");

type Source = Record<string, string | undefined>;

/**
 * The reader of one group of settings, for a module that needs nothing else (every group is
 * validated with the rest at start-up by parseEnv): the process's settings are parsed once, on
 * the first call; a `source` given (tests) is parsed each time.
 */
export function settingsReader<T extends z.ZodType>(schema: T): (source?: Source) => z.output<T> {
  let fromProcess: { settings: z.output<T> } | undefined;
  return (source) => {
    if (source) return schema.parse(source);
    return (fromProcess ??= { settings: schema.parse(process.env) }).settings;
  };
}

/** The 404 log's settings, also read on their own by the log (which needs nothing else). */
const NotFoundLogSchema = z.object({
  /** Paths the 404 log keeps; beyond it the rarest, then the longest unseen, are removed. */
  NOT_FOUND_LOG_MAX: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Milliseconds between writes of the 404 hits counted in memory. */
  NOT_FOUND_LOG_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
});

/** The 404 log's settings alone (validated with the rest at start-up by parseEnv). */
export const notFoundLogEnv = settingsReader(NotFoundLogSchema);

/** The upload limit, also read on its own by the file store (which needs nothing else). */
const UploadSchema = z.object({
  /** The largest file editors may upload (notification PDFs, images), in megabytes. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  /** The largest CSV file an import takes (streamed, checked as it arrives), in megabytes. */
  CSV_IMPORT_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
});

/** The upload limit alone (validated with the rest at start-up by parseEnv). */
export const uploadEnv = settingsReader(UploadSchema);

/** Settings read on their own by the logger and the database, which open before the rest. */
const DiagnosticsSchema = z.object({
  /** Unset: info, or silent under the tests (NODE_ENV=test). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).optional(),
  /** Print every query slower than this many milliseconds to stderr; unset or blank: off. */
  SLOW_QUERY_MS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: "must be a number of milliseconds, e.g. 15 (0 prints every query)" })
      .min(0, "must be a number of milliseconds, e.g. 15 (0 prints every query)")
      .optional(),
  ),
});

let outbound: OutboundSettings | undefined;
/** The outbound settings alone (the HTTP client and the push policy need nothing else). */
export function outboundEnv(source?: Record<string, string | undefined>): OutboundSettings {
  if (source) return readOutbound(source);
  return (outbound ??= readOutbound(process.env));
}

const DiagnosticsWithDefaults = DiagnosticsSchema.extend({
  NODE_ENV: z.string().optional(),
}).transform(({ NODE_ENV, ...settings }) => ({
  ...settings,
  LOG_LEVEL: settings.LOG_LEVEL ?? (NODE_ENV === "test" ? "silent" : "info"),
}));

/** The logger's level and the slow-query limit alone (validated with the rest by parseEnv). */
export const diagnosticsEnv = settingsReader(DiagnosticsWithDefaults);

/**
 * A setting as it was given, for the start-up checks that run before parseEnv fills the settings
 * in (the generated AUTH_SECRET) and whose messages quote what was set (DATABASE_URL).
 */
export function givenSetting(name: "AUTH_SECRET" | "DATABASE_URL"): string | undefined {
  return process.env[name];
}

/** On unless set to 0 or false. */
const onUnlessOff = z
  .enum(["", "0", "1", "true", "false"])
  .optional()
  .transform((v) => v !== "0" && v !== "false");

/** More workers than this only share the same cores and multiply the memory (page cache each). */
const MAX_WORKERS = 64;

const EnvSchema = z
  .object({
    ...NotFoundLogSchema.shape,
    ...UploadSchema.shape,
    ...ChannelSettingsSchema.shape,
    ...MailSettingsSchema.shape,
    ...OutboundSettingsSchema.shape,
    ...LinkMonitorSettingsSchema.shape,
    ...MyExamsSettingsSchema.shape,
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: databaseUrl,
    BASE_URL: z
      .url({
        protocol: /^https?$/,
        message: "must be an http(s) origin such as https://govjobs.example",
      })
      .optional(),
    AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (try: openssl rand -base64 48)")
      .optional(),
    /** Fill an empty database with the fictional demo content (the quick start sets it). */
    SEED_DEMO: flag,
    ...DiagnosticsSchema.shape,
    /** The reverse proxies whose X-Forwarded-For is believed: a count of hops or addresses/CIDRs. */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, ctx): TrustedProxies => {
        try {
          return parseTrustedProxies(value);
        } catch (err) {
          if (!(err instanceof TrustedProxiesError)) throw err;
          ctx.addIssue({ code: "custom", message: err.message });
          return z.NEVER;
        }
      }),
    /** The old setting trusted the left-most hop, which the visitor writes: refused, not ignored. */
    TRUSTED_IP_HEADER: z
      .undefined({
        error:
          "is no longer read (it trusted an address the visitor writes): set TRUSTED_PROXIES to the number of proxies in front of govjobs, or to their addresses",
      })
      .optional(),
    /** The in-process page cache's size in megabytes (bodies with their gzip and brotli copies). */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(96),
    /** The hot list's pages a worker draws into its page cache at start; 0: none, none recorded. */
    WARM_PAGES: z.coerce.number().int().min(0).max(5_000).default(200),
    /** How long a starting worker draws hot pages before it takes requests (then goes on between them). */
    WARM_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    /** Worker processes `npm start` runs (node:cluster); 1 is a single process with no primary. */
    WEB_CONCURRENCY: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce
        .number({ error: "must be a whole number of worker processes, e.g. 2" })
        .int("must be a whole number of worker processes, e.g. 2")
        .min(1, "must be at least 1 (1 runs a single process)")
        .max(MAX_WORKERS, `must be at most ${MAX_WORKERS}`)
        .default(() => Math.min(MAX_WORKERS, availableParallelism())),
    ),
    /** Subscriptions (and push subscriptions) per visitor address on /alerts. */
    ALERTS_RATE_LIMIT: rateLimitSetting({ limit: 5, windowMs: 10 * 60_000 }, "5/10m"),
    /** Messages per visitor address on /contact. */
    CONTACT_RATE_LIMIT: rateLimitSetting({ limit: 5, windowMs: 10 * 60_000 }, "5/10m"),
    /** Searches the page cache has not seen, per visitor address. */
    SEARCH_RATE_LIMIT: rateLimitSetting({ limit: 60, windowMs: 60_000 }, "60/1m"),
    /** The production build the server loads (a folder with server/index.js and client/). */
    BUILD_DIR: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.string().default("build"),
    ),
    /** 0 turns the page cache off (the benchmark measures both). */
    CACHE_PAGES: onUnlessOff,
    /** 0 turns the Content-Security-Policy header off (for debugging only). */
    CSP: onUnlessOff,
    /** 1: every response says which process answered it (X-Worker-Pid), for the cluster's tests. */
    WORKER_PID_HEADER: flag,
    /** Not a setting: the cluster's primary marks the worker it forks to prepare the database. */
    GOVJOBS_PREPARE: flag,
    /** Not a setting: the primary numbers the workers it forks (0 … WEB_CONCURRENCY - 1). */
    GOVJOBS_WORKER_SLOT: z.coerce.number().int().min(0).optional(),
  })
  .superRefine(refuseLocalInProduction);

export type Env = z.infer<typeof EnvSchema> & { BASE_URL: string; AUTH_SECRET: string };

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${first.path.join(".") || "environment"} ${first.message}`,
    );
  }
  const env = result.data;
  return {
    ...env,
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? persistentSecret(),
  };
}

/**
 * A random secret generated once and kept under data/, so sessions survive restarts. Written whole
 * to a file of its own and then linked into place: of processes starting at once (cluster workers,
 * a script beside the server) one creates it and all read the same complete secret.
 */
function persistentSecret(): string {
  const file = path.join(DATA_DIR, "auth-secret");
  const stored = readSecret(file);
  if (stored) return stored;
  mkdirSync(DATA_DIR, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, randomBytes(48).toString("base64url") + "\n", { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

let cached: Env | undefined;
export function env(): Env {
  return (cached ??= parseEnv());
}
