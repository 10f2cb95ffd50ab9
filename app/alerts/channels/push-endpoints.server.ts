// Which push endpoints exist (issue 25): the browsers' push services, PUSH_SERVICE_HOSTS and the
// test allowance. The subscription form and the senders (push.server.ts, My exams' reminders)
// refuse any other endpoint.
import { outboundEnv, settingsReader } from "../../platform/env.server.ts";
import { localAllowanceFor } from "../../platform/outbound/client.server.ts";
import type { LocalAllowance } from "../../platform/outbound/settings.server.ts";
import { ChannelSettingsSchema } from "../../platform/env/channels.server.ts";

/**
 * The push services browsers subscribe with; an endpoint elsewhere is refused (issue 25), and one
 * stored before this rule is dropped unsent. `*.` stands for any subdomain. Not listed: the old
 * GCM endpoints (android.googleapis.com/gcm/send), which take only a GCM server key, not VAPID
 * (web-push sends them unsigned), and have been shut down. More: PUSH_SERVICE_HOSTS.
 */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Opera, Samsung Internet, Brave (Firebase Cloud Messaging)
  "fcm.googleapis.com",
  // Firefox (Mozilla autopush: updates.push.services.mozilla.com)
  "*.push.services.mozilla.com",
  // Safari on macOS and iOS (web.push.apple.com)
  "*.push.apple.com",
  // Edge (Windows Push Notification Services: wns2-….notify.windows.com)
  "*.notify.windows.com",
] as const;

export interface PushEndpointPolicy {
  /** Host names, `*.` for subdomains (PUSH_SERVICE_HOSTS and the setting of the same name). */
  hosts: readonly string[];
  /** Local test push services (OUTBOUND_ALLOW_LOCAL): http or https, their own port. */
  allowLocal: readonly LocalAllowance[];
}

const pushHostsEnv = settingsReader(ChannelSettingsSchema.pick({ PUSH_SERVICE_HOSTS: true }));

/** The site's rule: the browsers' push services, PUSH_SERVICE_HOSTS, the test allowance. */
export function pushEndpointPolicy(
  source?: Record<string, string | undefined>,
): PushEndpointPolicy {
  const extra = pushHostsEnv(source);
  return {
    hosts: [...PUSH_SERVICE_HOSTS, ...extra.PUSH_SERVICE_HOSTS],
    allowLocal: outboundEnv(source).OUTBOUND_ALLOW_LOCAL,
  };
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;

/**
 * Whether an endpoint is one of the push services the policy names: https, port 443, no user
 * name, a listed host. Its addresses are checked again when the sender connects.
 */
export function isPushServiceEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (localAllowanceFor(url, policy.allowLocal)) return /^https?:$/.test(url.protocol);
  const host = url.hostname.replace(/\.$/, "");
  return (
    url.protocol === "https:" &&
    url.port === "" &&
    policy.hosts.some((pattern) => hostMatches(host, pattern))
  );
}
