// What a request line must be before anything of the app sees it (http/serve.ts asks first, before
// the cache-hit fast path): a method this site serves and a target in origin form, on a valid Host.
// Everything else is answered here in a few bytes, with no stack trace and no cache entry. Run by
// Node 24 directly: type annotations only.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { accessLog } from "../app/platform/logger.server.ts";

/**
 * The methods the site answers: reads, form posts, and DELETE (a push subscription's end). Every
 * other method (TRACE, PUT, PATCH, OPTIONS, WebDAV's…) is 405 with this list; fetch's Request
 * cannot even be made for TRACE, so it used to reach React Router as a 500.
 */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "DELETE"] as const;
const SERVED = new Set<string>(SERVED_METHODS);
export const ALLOW = SERVED_METHODS.join(", ");

export interface Refusal {
  status: 400 | 405;
  reason: string;
}

/**
 * Checks the request line and the Host. A target in absolute form (`GET http://host/path`), which
 * RFC 9112 (3.2.2) has a server accept, is rewritten to its origin form when its authority is the
 * Host header's (RFC 9112 3.2 has a client send them the same); one naming another host is refused,
 * so no page is ever rendered for, or cached under, an address the client made up. Returns the
 * refusal, or undefined when the request may go on (its `url` then starts with "/").
 */
export function checkRequestLine(req: IncomingMessage): Refusal | undefined {
  const host = req.headers.host;
  let origin: URL;
  try {
    origin = new URL(`http://${host}`);
  } catch {
    return { status: 400, reason: "Bad Request: the Host header is not a host name." };
  }
  // A Host that parses only by shedding something (a path, a user, a query) is not one.
  if (
    host === undefined ||
    origin.pathname !== "/" ||
    origin.username ||
    origin.password ||
    origin.search ||
    origin.hash
  )
    return { status: 400, reason: "Bad Request: the Host header is not a host name." };

  const target = req.url ?? "";
  if (!target.startsWith("/")) {
    if (target === "*")
      return req.method === "OPTIONS"
        ? { status: 405, reason: "Method Not Allowed" }
        : { status: 400, reason: "Bad Request: * is a target for OPTIONS only." };
    if (!/^https?:\/\//i.test(target))
      return { status: 400, reason: "Bad Request: the request target is not a path." };
    let absolute: URL;
    try {
      absolute = new URL(target);
    } catch {
      return { status: 400, reason: "Bad Request: the request target is not a URL." };
    }
    const sameHost = new URL(`${absolute.protocol}//${host}`).host === absolute.host;
    if (!sameHost || absolute.username || absolute.password)
      return { status: 400, reason: "Bad Request: the request names another host than its Host." };
    // The path and query exactly as sent (URL would have normalised them).
    const rest = target
      .slice(target.indexOf("//") + 2)
      .replace(/^[^/?#]*/, "")
      .split("#")[0];
    req.url = rest.startsWith("/") ? rest : `/${rest}`;
  }
  if (!SERVED.has(req.method ?? "")) return { status: 405, reason: "Method Not Allowed" };
  return undefined;
}

/** Answers a refused request line: a short text, the methods served, and the connection closed. */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  refusal: Refusal,
  headers: [string, string][],
): void {
  res.writeHead(refusal.status, [
    ...headers.flat(),
    ...["Content-Type", "text/plain; charset=utf-8", "Cache-Control", "no-store"],
    ...(refusal.status === 405 ? ["Allow", ALLOW] : []),
    ...["Connection", "close"],
  ]);
  res.end(req.method === "HEAD" ? undefined : `${refusal.reason}\n`);
  accessLog.info(
    {
      method: String(req.method).slice(0, 20),
      path: String(req.url).slice(0, 300),
      status: refusal.status,
      ip: req.socket.remoteAddress,
    },
    "request refused",
  );
}

/** CONNECT (a proxy's tunnel) arrives as its own event: the same 405, written on the socket. */
export function refuseConnect(socket: Duplex): void {
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 19\r\nConnection: close\r\n\r\nMethod Not Allowed\n`,
  );
}
