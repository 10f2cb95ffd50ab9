import { beforeAll, describe, expect, inject, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { createUser, signIn } from "./instances.ts";
import { OFF_SITE_RETURN_PATHS } from "../test/return-paths.ts";
import { EDITOR } from "./server.global.ts";

/**
 * The second attack on sign-in and the back-office (issue 25, and the spec's guard of issue 26):
 * return paths, the sign-in throttle under a burst, better-auth's admin API, what a signed-in
 * account without a role gets, Cache-Control on everything private, and what a refused form
 * sends back.
 */

const form = (pairs: Record<string, string>) => new URLSearchParams(pairs);

async function post(
  path: string,
  body: URLSearchParams | string,
  {
    cookie,
    base = baseURL(),
    type,
    from,
  }: { cookie?: string; base?: string; type?: string; from?: string } = {},
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: base,
      ...(type ? { "content-type": type } : {}),
      ...(cookie ? { cookie } : {}),
      ...(from ? { "x-forwarded-for": from } : {}),
    },
    body,
  });
}

const get = (path: string, cookie?: string) =>
  fetch(`${baseURL()}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

/** Where a browser goes when it follows this answer's Location from `from`. */
function followed(res: Response, from: string): URL {
  return new URL(res.headers.get("location") ?? "", new URL(from, baseURL()));
}

describe("return paths (issue 25: open redirect)", () => {
  const who = { email: "return-path@govjobs.test", password: "Harbour-lantern-test-29" };
  let cookie: string;
  beforeAll(async () => {
    createUser(
      { DATA_DIR: inject("dataDir"), DATABASE_URL: `file:${inject("dataDir")}/e2e.db` },
      who.email,
      who.password,
      true,
    );
    cookie = await signIn(baseURL(), who.email, who.password);
  });

  it("never sends a signed-in member of staff off the site from /admin/login?next=…", async () => {
    for (const next of OFF_SITE_RETURN_PATHS) {
      const from = `/admin/login?next=${encodeURIComponent(next)}`;
      const res = await get(from, cookie);
      expect(res.status, next).toBe(302);
      expect(followed(res, from).origin, next).toBe(baseURL());
      expect(res.headers.get("location"), next).toMatch(/^\/(?![/\\])/);
    }
  });

  it("never sends someone signing in off the site, whatever `next` the form carries", async () => {
    for (const next of OFF_SITE_RETURN_PATHS) {
      const res = await post("/admin/login", form({ ...who, next }));
      expect(res.status, next).toBe(302);
      expect(followed(res, "/admin/login").origin, next).toBe(baseURL());
      expect(res.headers.get("location"), next).toMatch(/^\/(?![/\\])/);
    }
  });

  describe("in Chromium", () => {
    const browser = useBrowser({ viewport: { width: 360, height: 740 } });

    it("keeps a signed-in editor on the site when the link says next=/.//evil.example/phish", async () => {
      const page = await browser.page();
      const offSite: string[] = [];
      page.on("request", (r) => {
        if (!r.url().startsWith(baseURL())) offSite.push(r.url());
      });
      await page.goto("/admin/login");
      await page.getByLabel("E-mail address").fill(EDITOR.email);
      await page.getByLabel("Password").fill(EDITOR.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/admin$/);
      for (const next of ["/.//evil.example/phish", "/admin/../..//evil.example"]) {
        await page.goto(`/admin/login?next=${encodeURIComponent(next)}`).catch(() => null);
        expect(new URL(page.url()).origin, next).toBe(baseURL());
      }
      expect(offSite).toEqual([]);
    });
  });
});
