import cluster from "node:cluster";
import pino from "pino";
import { diagnosticsEnv } from "./env.server.ts";

// Buffered writes: a log line never blocks a request (flushed as the buffer fills and on exit).
const destination = pino.destination({ sync: false, minLength: 4096 });
const level = diagnosticsEnv().LOG_LEVEL;
/** In a cluster (WEB_CONCURRENCY above 1) every line says which worker wrote it. */
const base = cluster.isWorker ? { pid: process.pid } : undefined;
const pidField = cluster.isWorker ? `"pid":${process.pid},` : "";

/**
 * Structured JSON logs. Never log passwords, tokens, cookies or message bodies: errors carry their
 * message and stack only, and anything that might hold a secret is redacted.
 */
export const logger = pino(
  {
    level,
    base,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        "password",
        "*.password",
        "token",
        "*.token",
      ],
      censor: "[redacted]",
    },
  },
  destination,
);

/**
 * The process's own lines for the person running it: listening, a signal, draining, stopping, a
 * worker replaced, the demo content put in. JSON like every other line, but written at once (the
 * process often exits right after) and whatever LOG_LEVEL says, as the console lines they replace
 * were: operators and the cluster and shutdown tests (e2e/) read their words. A start that fails
 * says so in one plain line on stderr instead (http/startup.ts `printFatal`).
 */
export const processLog = pino({ level: "info", base }, pino.destination({ dest: 1, sync: true }));

/**
 * One line per request: request id, method, path (without its query string), status, time. Its
 * fields are fixed and safe, so it skips the redaction pass, which costs most on the hot path.
 */
export const accessLog = pino({ level, base }, destination);

const accessEnabled = accessLog.isLevelEnabled("info");

/** Cache-hit lines not yet handed to the destination, and how many. */
let hitLines = "";
let hitCount = 0;
function flushHits() {
  if (hitCount === 0) return;
  destination.write(hitLines);
  hitLines = "";
  hitCount = 0;
}

/**
 * The access line of a cache hit, written without pino's object serialisation (the result-day path
 * answers tens of thousands of these a second). Same shape as `accessLog.info(line, "request")`.
 * The lines of one turn of the event loop reach the destination together (its every write measures
 * and copies the text): 64 at most, the rest at the end of the turn.
 */
export function logCacheHit(
  reqId: string,
  method: string,
  path: string,
  status: number,
  ms: number,
  ip: string,
) {
  if (!accessEnabled) return;
  hitLines += `{"level":30,"time":${Date.now()},${pidField}"reqId":"${reqId}","ip":${JSON.stringify(ip)},"method":"${method}","path":${JSON.stringify(path)},"status":${status},"ms":${ms},"cache":"hit","msg":"request"}\n`;
  if (++hitCount === 1) setImmediate(flushHits);
  else if (hitCount >= 64) flushHits();
}
