/**
 * Mozilla HTTP Observatory's header tests, scored as its documentation describes (start at 100;
 * bonuses count only when the score without them is at least 90). Only what response headers
 * decide is scored here; the https redirection test needs a real https deployment.
 */
export interface ObservatoryResult {
  score: number;
  tests: Record<string, number>;
}

export function observatoryScore(
  headers: Headers,
  { https }: { https: boolean },
): ObservatoryResult {
  const tests: Record<string, number> = {};
  const csp = parseCsp(headers.get("content-security-policy"));
  if (!csp) tests["csp-not-implemented"] = -25;
  else {
    const script = csp.get("script-src") ?? csp.get("default-src") ?? [];
    const style = csp.get("style-src") ?? csp.get("default-src") ?? [];
    const unsafeScript =
      script.some((s) =>
        ["'unsafe-inline'", "'unsafe-eval'", "data:", "*", "http:", "https:"].includes(s),
      ) && !script.some((s) => s.startsWith("'nonce-") || s.startsWith("'sha256-"));
    if (!csp.has("default-src")) tests["csp-implemented-but-no-default-src"] = -25;
    else if (unsafeScript) tests["csp-implemented-with-unsafe-inline"] = -20;
    else if (
      !csp.get("object-src")?.includes("'none'") &&
      !csp.get("default-src")?.includes("'none'")
    )
      tests["csp-implemented-with-insecure-object-src"] = -20;
    else if (csp.get("default-src")?.includes("'none'"))
      tests["csp-implemented-with-no-unsafe-default-src-none"] = 10;
    else if (style.includes("'unsafe-inline'"))
      tests["csp-implemented-with-unsafe-inline-in-style-src-only"] = 0;
    else tests["csp-implemented-with-no-unsafe"] = 5;
  }
  const cookies = headers.getSetCookie();
  if (cookies.length === 0) tests["cookies-not-found"] = 0;
  else {
    const all = (re: RegExp) => cookies.every((c) => re.test(c));
    if (https && !all(/;\s*secure/i)) tests["cookies-without-secure-flag"] = -20;
    else if (!all(/;\s*httponly/i)) tests["cookies-session-without-httponly-flag"] = -30;
    else if (all(/;\s*samesite=(lax|strict)/i))
      tests["cookies-secure-with-httponly-sessions-and-samesite"] = 5;
    else tests["cookies-secure-with-httponly-sessions"] = 0;
  }
  const referrer = (headers.get("referrer-policy") ?? "").toLowerCase();
  if (
    ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].some((p) =>
      referrer
        .split(",")
        .map((s) => s.trim())
        .includes(p),
    )
  ) {
    tests["referrer-policy-private"] = 5;
  } else if (referrer) tests["referrer-policy-unsafe"] = -5;
  else tests["referrer-policy-not-implemented"] = 0;
  if (https) {
    const hsts = headers.get("strict-transport-security") ?? "";
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? -1);
    if (maxAge < 0) tests["hsts-not-implemented"] = -20;
    else if (maxAge < 15_768_000) tests["hsts-implemented-max-age-less-than-six-months"] = -10;
    else if (/preload/i.test(hsts) && /includesubdomains/i.test(hsts)) tests["hsts-preloaded"] = 5;
    else tests["hsts-implemented-max-age-at-least-six-months"] = 0;
  }
  tests[
    headers.get("x-content-type-options")?.toLowerCase() === "nosniff"
      ? "x-content-type-options-nosniff"
      : "x-content-type-options-not-implemented"
  ] = headers.get("x-content-type-options")?.toLowerCase() === "nosniff" ? 0 : -5;
  if (csp?.get("frame-ancestors")?.some((s) => s === "'none'" || s === "'self'"))
    tests["x-frame-options-implemented-via-csp"] = 5;
  else if (/^(deny|sameorigin)$/i.test(headers.get("x-frame-options") ?? ""))
    tests["x-frame-options-sameorigin-or-deny"] = 0;
  else tests["x-frame-options-not-implemented"] = -20;
  const corp = (headers.get("cross-origin-resource-policy") ?? "").toLowerCase();
  tests[corp ? "corp-implemented-with-same-origin" : "corp-not-implemented"] = 0;

  const penalties = Object.values(tests)
    .filter((v) => v < 0)
    .reduce((a, b) => a + b, 0);
  const bonuses = Object.values(tests)
    .filter((v) => v > 0)
    .reduce((a, b) => a + b, 0);
  const base = 100 + penalties;
  return { score: base >= 90 ? base + bonuses : base, tests };
}

function parseCsp(value: string | null): Map<string, string[]> | null {
  if (!value) return null;
  const map = new Map<string, string[]>();
  for (const part of value.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}
