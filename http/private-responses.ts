import type { RequestHandler, Response } from "express";
import { hasSessionCookie, PRIVATE_CACHE_CONTROL } from "~/page-cache/index.ts";

/** The back-office (pages, their `.data`, its endpoints, sign-in and out) and better-auth. */
const PRIVATE_PATH = /^\/(?:admin(?:[/.]|$)|api\/auth\/)/;

/**
 * What is meant for one person is never kept by a browser's cache or a shared one (issue 25):
 * every back-office answer, every answer to a request that carries a session, and every answer
 * that sets a cookie gets `Cache-Control: no-store, private`, whatever the route said. Decided
 * when the headers go out, so a Set-Cookie added by any layer counts.
 */
export const privateResponses: RequestHandler = (req, res, next) => {
  const always = PRIVATE_PATH.test(req.path) || hasSessionCookie(req.headers.cookie);
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (always || this.hasHeader("set-cookie"))
      this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  next();
};
