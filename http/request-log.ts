import { randomUUID } from "node:crypto";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { CLIENT_ADDRESS_HEADER } from "~/platform/client-address.server.ts";
import { uploadMaxBytes } from "~/files/files.service.server.ts";
import { requestTooLargeMessage, UPLOAD_OVERHEAD_BYTES, UPLOAD_PATH } from "~/files/file-types.ts";
import { accessLog, logger } from "~/platform/logger.server.ts";
import { replyOf } from "~/lib/form-reply.ts";

/** A request id on every response (X-Request-Id) and one JSON log line per request. */
export const requestLog: RequestHandler = (req, res, next) => {
  const id = randomUUID();
  const started = process.hrtime.bigint();
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = {
      reqId: id,
      // Set by the client-address middleware that runs after this one, before the answer.
      ip: req.headers[CLIENT_ADDRESS_HEADER],
      method: req.method,
      path: req.path.slice(0, 300),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    };
    if (res.statusCode >= 500) logger.error(line, "request failed");
    else accessLog.info(line, "request");
  });
  next();
};

/** Bodies larger than this are refused before anything reads them. */
export const MAX_BODY_BYTES = 1024 * 1024;

const OWN_LIMIT_PATH = /^\/admin\/(?:notice-import|manage-[a-z-]+\/import\/upload)\/?$/;

export const bodyLimit: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const length = req.headers["content-length"];
  if (length === undefined && req.headers["transfer-encoding"]) {
    res
      .status(411)
      .type("text/plain")
      .send("Length Required: send the request with a Content-Length header.");
    return;
  }
  // The upload endpoint takes files up to UPLOAD_MAX_MB; a larger one is refused here, unread,
  // in the words (and the one form reply) its form shows.
  if (UPLOAD_PATH.test(req.path)) {
    if (Number(length ?? 0) > uploadMaxBytes() + UPLOAD_OVERHEAD_BYTES) {
      const message = requestTooLargeMessage(Number(length), uploadMaxBytes());
      res.status(413).json(replyOf(null, { formError: message }));
      return;
    }
    return next();
  }
  // These read their own bodies within limits of their own (a notification PDF: the upload
  // limit; a CSV import: CSV_IMPORT_MAX_MB, streamed) and answer a larger one in their own words.
  if (OWN_LIMIT_PATH.test(req.path)) return next();
  if (Number(length ?? 0) > MAX_BODY_BYTES) {
    res.status(413).type("text/plain").send("The request is too large (the limit is 1 MB).");
    return;
  }
  next();
};

/** The last resort: no stack trace, SQL or path ever reaches a visitor; the id finds the log line. */
export const errorPage: ErrorRequestHandler = (err, req, res, _next) => {
  const id = String(res.locals.requestId ?? "unknown");
  logger.error(
    {
      reqId: id,
      method: req.method,
      path: req.path.slice(0, 300),
      err: { message: (err as Error)?.message, stack: (err as Error)?.stack },
    },
    "unhandled error",
  );
  if (res.headersSent) return res.end();
  res
    .status(500)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title><link rel="icon" href="/favicon.svg"></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937"><h1 style="color:#ea580c">Something went wrong</h1><p>We could not show this page. Please try again in a moment.</p><p>If it keeps happening, tell us this reference: <code>${id}</code></p><p><a href="/">Go to the home page</a></p></body></html>`,
    );
};
