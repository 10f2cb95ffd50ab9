// The environment settings of the push, Indexing API and Telegram channels, checked with the rest
// of the configuration at start-up (env.server.ts spreads this shape). Each channel is off until
// its settings are given; push alone has a default (VAPID keys generated once into data/).
import { createPrivateKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";

const base64url = /^[A-Za-z0-9_-]+$/;

/** `NAME=` (as .env.example has it) means unset, not an empty value to refuse. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema);

/** A Google service account's key file, as the Cloud console downloads it (what we use of it). */
const ServiceAccount = z.object({
  client_email: z.email(),
  private_key: z.string().min(1),
  token_uri: z.url({ protocol: /^https?$/ }).optional(),
});

export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: KeyObject;
  /** The token endpoint the key file names (Google's own unless a test says otherwise). */
  tokenUri: string | undefined;
}

const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

/** `push.example.com` (that host) or `*.push.example.com` (its subdomains). */
const HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]([a-z0-9-]*[a-z0-9])?$/;

export const ChannelSettingsSchema = z.object({
  /** Push services besides the browsers' own (push.server.ts PUSH_SERVICE_HOSTS), comma-separated. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx): string[] => {
      const hosts = (value ?? "")
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((h) => h.toLowerCase().replace(/\.$/, ""));
      const bad = hosts.find((h) => !HOST_PATTERN.test(h));
      if (bad === undefined) return hosts;
      ctx.addIssue({
        code: "custom",
        message: `"${bad}" is not a host name such as push.example.com or *.push.example.com`,
      });
      return z.NEVER;
    }),
  /** The VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); unset: generated once into data/. */
  VAPID_PUBLIC_KEY: unsetIfEmpty(
    z
      .string()
      .regex(base64url, "must be base64url")
      .refine(
        (v) => Buffer.from(v, "base64url").length === 65,
        "must be a 65-byte P-256 public key",
      )
      .optional(),
  ),
  VAPID_PRIVATE_KEY: unsetIfEmpty(
    z
      .string()
      .regex(base64url, "must be base64url")
      .refine(
        (v) => Buffer.from(v, "base64url").length === 32,
        "must be a 32-byte P-256 private key",
      )
      .optional(),
  ),
  /** Who push services may contact about our messages: mailto:… or https://… (default: BASE_URL). */
  VAPID_SUBJECT: unsetIfEmpty(
    z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "must be mailto:ADDRESS or an https:// URL")
      .optional(),
  ),
  /** A service account key as JSON, or the path of its file; unset: the Indexing API is off. */
  GOOGLE_INDEXING_CREDENTIALS: z
    .string()
    .optional()
    .transform((value, ctx): ServiceAccountKey | undefined => {
      if (!value?.trim()) return undefined;
      let text = value.trim();
      if (!text.startsWith("{")) {
        try {
          text = readFileSync(text, "utf8");
        } catch (err) {
          ctx.addIssue({
            code: "custom",
            message: `is neither JSON nor a readable file (${(err as Error).message})`,
          });
          return z.NEVER;
        }
      }
      let parsed;
      try {
        parsed = ServiceAccount.safeParse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: "custom", message: "is not valid JSON (a service account key file)" });
        return z.NEVER;
      }
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        ctx.addIssue({
          code: "custom",
          message: `is not a service account key: ${issue.path.join(".")} ${issue.message}`,
        });
        return z.NEVER;
      }
      try {
        return {
          clientEmail: parsed.data.client_email,
          privateKey: createPrivateKey(parsed.data.private_key),
          tokenUri: parsed.data.token_uri,
        };
      } catch {
        ctx.addIssue({
          code: "custom",
          message: "has a private_key that is not a PEM private key",
        });
        return z.NEVER;
      }
    }),
  /** The Indexing API's origin (tests point it at a local server). */
  INDEXING_API_BASE: unsetIfEmpty(
    z
      .url({ protocol: /^https?$/ })
      .default("https://indexing.googleapis.com")
      .transform((v) => v.replace(/\/+$/, "")),
  ),
  /** The OAuth2 token endpoint; default: the key file's token_uri, else Google's. */
  INDEXING_TOKEN_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).optional()),
  /** Publish calls a day (Google's default quota); the rest wait for midnight Pacific time. */
  INDEXING_DAILY_QUOTA: unsetIfEmpty(z.coerce.number().int().min(1).max(1_000_000).default(200)),
  /** A bot's token from @BotFather; with TELEGRAM_CHANNEL_ID, each published entry is posted. */
  TELEGRAM_BOT_TOKEN: unsetIfEmpty(
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]+$/, "must look like 123456:ABC-DEF… (from @BotFather)")
      .optional(),
  ),
  /** The channel: @channelname or its numeric id (-100…). */
  TELEGRAM_CHANNEL_ID: unsetIfEmpty(
    z
      .string()
      .regex(/^(@[A-Za-z0-9_]{4,}|-?\d+)$/, "must be @channelname or a numeric chat id")
      .optional(),
  ),
  TELEGRAM_API_BASE: unsetIfEmpty(
    z
      .url({ protocol: /^https?$/ })
      .default("https://api.telegram.org")
      .transform((v) => v.replace(/\/+$/, "")),
  ),
});

export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;

/** The token endpoint a service account's JWT is addressed to (its `aud`). */
export function tokenUrlOf(settings: ChannelSettings): string {
  return (
    settings.INDEXING_TOKEN_URL ??
    settings.GOOGLE_INDEXING_CREDENTIALS?.tokenUri ??
    GOOGLE_TOKEN_URL
  );
}
