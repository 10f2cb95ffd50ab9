// The guarded outbound client's settings (issue 25), checked with the rest of the configuration
// at start-up (env.server.ts spreads this shape and adds `refuseLocalInProduction`).
import { z } from "zod";

/** A host (and port) the guarded client lets through although it is not a public address. */
export interface LocalAllowance {
  /** As the URL parser writes it: lower case, IPv4 forms normalised, IPv6 in brackets. */
  host: string;
  /** Any port when absent. */
  port?: number;
}

const ENTRY = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;

/** "127.0.0.1:4000, localhost, [::1]:8080" → allowances; throws with the entry it cannot read. */
export function parseLocalAllowances(text: string | undefined): LocalAllowance[] {
  const out: LocalAllowance[] = [];
  for (const entry of (text ?? "").split(/[\s,]+/).filter(Boolean)) {
    const match = ENTRY.exec(entry);
    let host: string | undefined;
    try {
      host = match ? new URL(`http://${match[1]}/`).hostname.replace(/\.$/, "") : undefined;
    } catch {
      host = undefined;
    }
    const port = match?.[2] === undefined ? undefined : Number(match[2]);
    if (!host || (port !== undefined && (port < 1 || port > 65535)))
      throw new Error(`"${entry}" is not HOST or HOST:PORT (e.g. 127.0.0.1:4000)`);
    out.push(port === undefined ? { host } : { host, port });
  }
  return out;
}

const flag = z
  .enum(["", "0", "1", "true", "false"])
  .optional()
  .transform((v) => v === "1" || v === "true");

export const OutboundSettingsSchema = z.object({
  /**
   * Tests and local development only: hosts (HOST or HOST:PORT, comma-separated) the guarded
   * client may reach although they are not public addresses, over http or https, e.g. a local
   * push service. Refused with NODE_ENV=production unless OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION=1.
   */
  OUTBOUND_ALLOW_LOCAL: z
    .string()
    .optional()
    .transform((value, ctx): LocalAllowance[] => {
      try {
        return parseLocalAllowances(value);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /** The second, explicit yes that OUTBOUND_ALLOW_LOCAL needs in a production build (e2e). */
  OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION: flag,
});

/** Refinement for the whole environment: a production server never reaches local hosts unasked. */
export function refuseLocalInProduction(
  env: {
    NODE_ENV: string;
    OUTBOUND_ALLOW_LOCAL: LocalAllowance[];
    OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION: boolean;
  },
  ctx: z.RefinementCtx,
) {
  if (
    env.NODE_ENV === "production" &&
    env.OUTBOUND_ALLOW_LOCAL.length > 0 &&
    !env.OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION
  )
    ctx.addIssue({
      code: "custom",
      path: ["OUTBOUND_ALLOW_LOCAL"],
      message:
        "lets the server reach local addresses and is for tests: unset it in production (a test run of the production build also sets OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION=1)",
    });
}

export type OutboundSettings = z.infer<typeof OutboundSettingsSchema>;

/**
 * The outbound settings alone from `source` (outboundEnv in env.server.ts reads the process's). A
 * production process without the second yes gets no allowance at all, even if start-up was skipped.
 */
export function readOutbound(source: Record<string, string | undefined>): OutboundSettings {
  const settings = OutboundSettingsSchema.parse(source);
  return source.NODE_ENV === "production" && !settings.OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION
    ? { ...settings, OUTBOUND_ALLOW_LOCAL: [] }
    : settings;
}
