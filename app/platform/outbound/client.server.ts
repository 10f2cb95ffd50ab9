// The one way the server makes a request to an address it did not choose itself (issue 25):
// push endpoints today, the link monitor's official links next. Node's fetch follows redirects
// and resolves the host on its own, so a push "service" on 127.0.0.1, or one that answered 303
// towards an internal service, was reached and its body stored for editors to read. Here:
//
// - only the schemes and ports the caller names (default https on 443);
// - the host is checked as a literal first (127.1, 2130706433 and [::ffff:127.0.0.1] are
//   loopback), then every address its name resolves to, inside the socket's own lookup, so the
//   address checked is the address connected to (DNS rebinding cannot swap it in between); the
//   peer's address is checked once more when the socket connects;
// - no redirect unless the caller allows some, each hop checked like the first;
// - one deadline for the whole exchange, headers capped, the body read only up to what the
//   caller asks for (for its own use: callers store a status and a fixed reason, never the body).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { classifyAddress, hostAddress } from "./address.ts";
import { outboundEnv } from "../env.server.ts";
import type { LocalAllowance } from "./settings.server.ts";

export type Scheme = "http:" | "https:";
/** Which schemes a request may use, each with its ports. */
export type AllowedPorts = Partial<Record<Scheme, readonly number[]>>;
/** The default: https on 443 (push services). */
export const HTTPS_ONLY: AllowedPorts = { "https:": [443] };
/** Web pages (the link monitor): http on 80 and https on 443. */
export const WEB_PORTS: AllowedPorts = { "http:": [80], "https:": [443] };

/** Why a request was refused or failed: a fixed set, safe to store and show. */
export type OutboundReason =
  | "bad-url"
  | "scheme"
  | "port"
  | "credentials"
  | "blocked-address"
  | "dns"
  | "connect"
  | "tls"
  | "timeout"
  | "aborted"
  | "too-large"
  | "protocol"
  | "too-many-redirects"
  | "bad-redirect";

export const OUTBOUND_REASON_TEXT: Record<OutboundReason, string> = {
  "bad-url": "not a valid URL",
  scheme: "scheme not allowed",
  port: "port not allowed",
  credentials: "URL carries a user name or password",
  "blocked-address": "not a public address",
  dns: "host name not found",
  connect: "could not connect",
  tls: "TLS handshake or certificate failed",
  timeout: "no answer in time",
  aborted: "cancelled",
  "too-large": "answer too large",
  protocol: "not a valid HTTP answer",
  "too-many-redirects": "too many redirects",
  "bad-redirect": "redirect without a valid Location",
};

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

export interface OutboundOptions {
  /** Schemes and ports allowed (default HTTPS_ONLY). */
  ports?: AllowedPorts;
  /** Redirects followed, each hop checked like the first (default 0: a 3xx is the answer). */
  maxRedirects?: number;
  /** One deadline for the whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the final body to read for the caller's own use (default 0, at most 1 MiB). */
  readBodyBytes?: number;
  /** Hosts let through although not public (tests); default: OUTBOUND_ALLOW_LOCAL. */
  allowLocal?: readonly LocalAllowance[];
  /** The resolver (default dns.lookup); tests give one that answers what they need. */
  lookup?: LookupFunction;
  signal?: AbortSignal;
}

export interface OutboundHop {
  url: string;
  status: number;
}

export type OutboundResult =
  | {
      ok: true;
      status: number;
      /** Lower-case names; repeated headers joined with ", ". */
      headers: Record<string, string>;
      /** The URL that gave this answer (after any redirects followed). */
      url: string;
      /** The redirects followed, in order (empty when none). */
      redirects: OutboundHop[];
      /** Up to readBodyBytes of the body (empty by default). Never store or show it. */
      body: Buffer;
      /** The body went on past what was read. */
      bodyTruncated: boolean;
    }
  | { ok: false; reason: OutboundReason; url: string; redirects: OutboundHop[] };

export const DEFAULT_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 10;
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const BLOCKED = "EOUTBOUND_BLOCKED";

export type UrlCheck =
  { ok: true; url: URL; local: boolean } | { ok: false; reason: OutboundReason };

const defaultPort = (protocol: string) => (protocol === "https:" ? 443 : 80);

/** The allowance a URL falls under, if any (same host; same port when the entry names one). */
export function localAllowanceFor(
  url: URL,
  allowLocal: readonly LocalAllowance[],
): LocalAllowance | undefined {
  const host = url.hostname.replace(/\.$/, "");
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  return allowLocal.find((a) => a.host === host && (a.port === undefined || a.port === port));
}

/**
 * What can be decided before any lookup: the URL parses, has no credentials, uses an allowed
 * scheme and port, and a literal host is public. A host named by a local allowance may use http
 * or https on its port and skips the address checks.
 */
export function checkOutboundUrl(
  input: string | URL,
  { ports = HTTPS_ONLY, allowLocal = outboundEnv().OUTBOUND_ALLOW_LOCAL }: OutboundOptions = {},
): UrlCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: "bad-url" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "scheme" };
  if (url.username || url.password) return { ok: false, reason: "credentials" };
  if (localAllowanceFor(url, allowLocal)) return { ok: true, url, local: true };
  const allowed = ports[url.protocol];
  if (!allowed) return { ok: false, reason: "scheme" };
  const port = url.port ? Number(url.port) : defaultPort(url.protocol);
  if (!allowed.includes(port)) return { ok: false, reason: "port" };
  const literal = hostAddress(url.hostname);
  if (literal !== undefined && classifyAddress(literal) !== "public")
    return { ok: false, reason: "blocked-address" };
  return { ok: true, url, local: false };
}

const blocked = () => Object.assign(new Error("not a public address"), { code: BLOCKED });

/** A lookup that answers only when every address the name has is public. */
function publicOnly(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = Array.isArray(addresses) ? addresses : [];
      if (list.length === 0 || list.some((a) => classifyAddress(a.address) !== "public"))
        return callback(blocked(), "", 0);
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

function reasonOf(err: unknown): OutboundReason {
  const code = String((err as { code?: unknown }).code ?? "");
  if (code === BLOCKED) return "blocked-address";
  if (/^(ENOTFOUND|EAI_|ENODATA|ESERVFAIL|ENOTIMP|EREFUSED$)/.test(code)) return "dns";
  if (code === "HPE_HEADER_OVERFLOW") return "too-large";
  if (code.startsWith("HPE_")) return "protocol";
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return "tls";
  return "connect";
}

type Exchange =
  | {
      ok: true;
      status: number;
      headers: Record<string, string>;
      body: Buffer;
      bodyTruncated: boolean;
    }
  | { ok: false; reason: OutboundReason };

function exchange(
  url: URL,
  request: Required<Pick<OutboundRequest, "method" | "headers">> & { body?: Uint8Array },
  local: boolean,
  lookup: LookupFunction,
  readBodyBytes: number,
  signal: AbortSignal,
  reasonIfAborted: () => OutboundReason,
): Promise<Exchange> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Exchange) => {
      if (settled) return;
      settled = true;
      resolve(result);
      req.destroy();
    };
    const headers = { ...request.headers };
    if (request.body) headers["content-length"] = String(request.body.byteLength);
    const req = (url.protocol === "https:" ? https : http).request(url, {
      method: request.method,
      headers,
      // A socket of its own: never one a pool connected earlier, to another address.
      agent: false,
      lookup: local ? lookup : publicOnly(lookup),
      maxHeaderSize: MAX_HEADER_BYTES,
      signal,
    });
    req.on("socket", (socket) => {
      // The address actually connected to, whatever the lookup said (a literal skips it).
      socket.once("connect", () => {
        if (!local && classifyAddress(socket.remoteAddress) !== "public") socket.destroy(blocked());
      });
    });
    req.on("error", (err) =>
      settle({ ok: false, reason: signal.aborted ? reasonIfAborted() : reasonOf(err) }),
    );
    req.on("response", (res) => {
      const answer = {
        status: res.statusCode ?? 0,
        headers: Object.fromEntries(
          Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : v]),
        ) as Record<string, string>,
      };
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (bodyTruncated: boolean) =>
        settle({
          ok: true,
          ...answer,
          body: Buffer.concat(chunks).subarray(0, readBodyBytes),
          bodyTruncated,
        });
      if (readBodyBytes === 0 || request.method === "HEAD") return done(false);
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > readBodyBytes) done(true);
      });
      res.on("end", () => done(false));
      res.on("error", () => done(true));
    });
    req.end(request.body);
  });
}

/**
 * Make one request to a URL someone else gave us, under the rules above. Never throws for
 * anything the remote side does: a refusal or failure is `{ ok: false, reason }`.
 */
export async function outboundRequest(
  input: string | URL,
  request: OutboundRequest = {},
  options: OutboundOptions = {},
): Promise<OutboundResult> {
  const allowLocal = options.allowLocal ?? outboundEnv().OUTBOUND_ALLOW_LOCAL;
  const maxRedirects = Math.min(Math.max(0, options.maxRedirects ?? 0), MAX_REDIRECTS);
  const readBodyBytes = Math.min(Math.max(0, options.readBodyBytes ?? 0), MAX_BODY_BYTES);
  const lookup = options.lookup ?? (dns.lookup as LookupFunction);
  const redirects: OutboundHop[] = [];

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener("abort", cancel);
  if (options.signal?.aborted) cancel();

  let current: string | URL = input;
  let method = (request.method ?? "GET").toUpperCase();
  let headers = { ...request.headers };
  let body = request.body;
  try {
    for (;;) {
      const checked = checkOutboundUrl(current, { ports: options.ports, allowLocal });
      const href = checked.ok ? checked.url.href : String(current);
      if (!checked.ok) return { ok: false, reason: checked.reason, url: href, redirects };
      if (controller.signal.aborted)
        return { ok: false, reason: timedOut ? "timeout" : "aborted", url: href, redirects };
      const answer = await exchange(
        checked.url,
        { method, headers, body },
        checked.local,
        lookup,
        readBodyBytes,
        controller.signal,
        () => (timedOut ? "timeout" : "aborted"),
      );
      if (!answer.ok) return { ok: false, reason: answer.reason, url: href, redirects };
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || maxRedirects === 0 || location === undefined)
        return { ...answer, url: href, redirects };
      if (redirects.length >= maxRedirects)
        return { ok: false, reason: "too-many-redirects", url: href, redirects };
      let next: URL;
      try {
        next = new URL(location, checked.url);
      } catch {
        return { ok: false, reason: "bad-redirect", url: href, redirects };
      }
      redirects.push({ url: href, status: answer.status });
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
      if (answer.status === 303 || (method === "POST" && answer.status <= 302)) {
        method = method === "HEAD" ? "HEAD" : "GET";
        body = undefined;
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => !/^content-/i.test(k)),
        );
      }
      // Credentials are for the origin they were given for.
      if (next.origin !== checked.url.origin)
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)),
        );
      current = next;
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", cancel);
  }
}
