import pino from "pino";

/**
 * Structured JSON logs. Never log passwords, tokens, cookies or message bodies: request lines
 * carry the path without its query string, and errors their message and stack only.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
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
});
