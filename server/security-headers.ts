import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** The policy for every HTML response; `scripts` is a nonce or the hashes of a cached page. */
export function contentSecurityPolicy(scripts: string[], https = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(" ")}`.trim(),
    // React and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * Headers on every response. Each response gets its own CSP nonce (res.locals.nonce), which the
 * React Router entry puts on its inline scripts.
 */
export function securityHeaders({ https, csp }: { https: boolean; csp: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    if (csp)
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], https));
    if (https)
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    next();
  };
}
