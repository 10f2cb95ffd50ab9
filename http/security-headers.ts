import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** The policy for every HTML response; `scripts` is a nonce or the hashes of a cached page. */
export function contentSecurityPolicy(scripts: string[], https = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(" ")}`.trim(),
    // React and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // blob: for pictures made in the page (the photo tool's preview of the file it made).
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The headers that are the same on every response (all but the CSP, whose nonce varies). */
export function staticSecurityHeaders(https: boolean): [string, string][] {
  return [
    ...(https
      ? [
          ["Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload"] as [
            string,
            string,
          ],
        ]
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    [
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    ],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
  ];
}

/**
 * Headers on every response. Each response gets its own CSP nonce (res.locals.nonce), which the
 * React Router entry puts on its inline scripts.
 */
export function securityHeaders({ https, csp }: { https: boolean; csp: boolean }) {
  const fixed = staticSecurityHeaders(https);
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    if (csp)
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], https));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}
