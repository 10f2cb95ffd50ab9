import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { createUser, signIn } from "./instances.ts";
import { ADMIN } from "./server.global.ts";
import { inject } from "vitest";

const sharedDb = () => ({
  DATA_DIR: inject("dataDir"),
  DATABASE_URL: `file:${path.join(inject("dataDir"), "e2e.db")}`,
});

function login(
  email: string,
  password: string,
  { next = "/admin", ip, cookie }: { next?: string; ip?: string; cookie?: string } = {},
) {
  return fetch(`${baseURL()}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseURL(),
      ...(ip ? { "x-forwarded-for": ip } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ email, password, next }),
  });
}

describe("sign-in under attack", () => {
  const password = "Sign-in-attack-test-42";
  beforeAll(() => {
    for (const who of ["brute", "redirect", "fixation"])
      createUser(sharedDb(), `${who}@govjobs.test`, password, true);
  });

  it("says the same thing for an unknown account and a wrong password", async () => {
    const unknown = await login("nobody-here@govjobs.test", "whatever-password-1");
    const wrong = await login("redirect@govjobs.test", "not-the-password-1");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.text(), await wrong.text()];
    expect(a).toContain("Wrong e-mail or password.");
    expect(b).toContain("Wrong e-mail or password.");
  });

  it("answers 429 with Retry-After once an account has had its free failures, even with the right password", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login("brute@govjobs.test", `guess-number-${i}-x`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    const blocked = await login("brute@govjobs.test", password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await blocked.text()).toContain("Too many sign-in attempts");
    expect(blocked.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);

    // An admin unlocks the account from the users screen; the real editor gets in at once.
    const adminCookie = await signIn(baseURL(), ADMIN.email, ADMIN.password);
    const brute = await withE2eDb((db) =>
      db
        .selectFrom("user")
        .select("id")
        .where("email", "=", "brute@govjobs.test")
        .executeTakeFirstOrThrow(),
    );
    const unlock = await fetch(`${baseURL()}/admin/users`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: adminCookie,
        origin: baseURL(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "unlock-sign-in", userId: brute.id }),
    });
    expect(unlock.status).toBe(302);
    expect((await login("brute@govjobs.test", password)).status).toBe(302);
  });

  it("never follows a return path off the site", async () => {
    for (const next of ["https://evil.example/", "javascript:alert(1)", ""]) {
      const res = await login("redirect@govjobs.test", password, { next });
      expect(res.status, next).toBe(302);
      expect(res.headers.get("location"), next).toBe("/admin");
    }
    // Normalised first (issue 25): slashes collapse, so these stay paths of this site.
    for (const [next, path] of [
      ["//evil.example/x", "/evil.example/x"],
      ["/\\evil.example", "/evil.example"],
    ]) {
      const res = await login("redirect@govjobs.test", password, { next });
      expect(res.headers.get("location"), next).toBe(path);
    }
    const inside = await login("redirect@govjobs.test", password, {
      next: "/admin/messages?status=unread",
    });
    expect(inside.headers.get("location")).toBe("/admin/messages?status=unread");
  });

  it("issues a new session token at sign-in, ignoring one planted before (session fixation)", async () => {
    const planted = "better-auth.session_token=planted-by-attacker.signature";
    const res = await login("fixation@govjobs.test", password, { cookie: planted });
    const token = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("better-auth.session_token="))!;
    expect(token).toBeDefined();
    expect(token).not.toContain("planted-by-attacker");
    // The planted value gives no access.
    const admin = await fetch(`${baseURL()}/admin`, {
      headers: { cookie: planted },
      redirect: "manual",
    });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toMatch(/^\/admin\/login/);
  });
});
