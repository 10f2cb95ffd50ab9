import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn, startInstance, type Instance } from "./instances.ts";
import { observatoryScore } from "./observatory.ts";
import { firstJobPath } from "../bench/lib.ts";

// An instance configured as a production site behind https (as it would be deployed): secure
// cookies, HSTS. The test talks to it over loopback http, as a TLS-terminating proxy would.
const HTTPS_BASE = "https://govjobs.test";

describe("security headers score at least 100 on Mozilla's HTTP Observatory scale", () => {
  let site: Instance;
  let cookie: string;
  beforeAll(async () => {
    const dataDir = (await import("node:fs")).mkdtempSync(
      `${(await import("node:os")).tmpdir()}/govjobs-hdr-`,
    );
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/h.db`,
      SEED_DEMO: "1",
      BASE_URL: HTTPS_BASE,
    };
    createUser(env, "headers-admin@govjobs.test", "Observatory-check-2026", true);
    site = await startInstance(env);
    cookie = await signIn(site.baseURL, "headers-admin@govjobs.test", "Observatory-check-2026");
  });
  afterAll(async () => {
    await site?.stop();
  });

  async function headersOf(path: string, withCookie = false) {
    const res = await fetch(site.baseURL + path, {
      headers: withCookie ? { cookie } : {},
      redirect: "manual",
    });
    await res.arrayBuffer();
    return res;
  }

  it("home page (cached, hash-based CSP)", async () => {
    await headersOf("/");
    const res = await headersOf("/");
    const { score, tests } = observatoryScore(res.headers, { https: true });
    expect(tests).toMatchObject({
      "hsts-preloaded": 5,
      "referrer-policy-private": 5,
      "x-frame-options-implemented-via-csp": 5,
    });
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(score).toBeGreaterThanOrEqual(100);
  });

  it("a job page", async () => {
    const job = await firstJobPath(site.baseURL);
    const res = await headersOf(job);
    expect(res.status).toBe(200);
    expect(observatoryScore(res.headers, { https: true }).score).toBeGreaterThanOrEqual(100);
  });

  it("an admin page, signed in (nonce CSP, never cached)", async () => {
    const res = await headersOf("/admin", true);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(res.headers.get("x-cache")).toBeNull();
    expect(observatoryScore(res.headers, { https: true }).score).toBeGreaterThanOrEqual(100);
  });

  it("sets the session cookie HttpOnly, SameSite=Lax, Secure and __Secure- prefixed in production", async () => {
    const res = await fetch(`${site.baseURL}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.baseURL },
      body: new URLSearchParams({
        email: "headers-admin@govjobs.test",
        password: "Observatory-check-2026",
      }),
    });
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(session).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Secure/);
    const { tests } = observatoryScore(res.headers, { https: true });
    expect(tests["cookies-secure-with-httponly-sessions-and-samesite"]).toBe(5);
  });
});
