import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { createUser, signIn } from "./instances.ts";
import { spawnHealthy, type Spawned } from "./spawn-server.ts";

/**
 * `npm run dev` serves everything `npm start` serves (issue 26): it once answered 500 ("Invalid
 * `context` value provided to `handleRequest`") to every request the page cache did not answer,
 * so nobody could sign in or work on the back-office with hot reload. The real command, on a free
 * port with a DATA_DIR of its own; signed in and an entry saved in Chromium.
 */
const ADMIN = { email: "dev-admin@govjobs.test", password: "Hot-reload-editor-77" };

let dev: Spawned;

beforeAll(async () => {
  // CI once found the chosen port taken by the time the dev server listened: a new port then.
  dev = await spawnHealthy({
    command: ["npm", "run", "dev"],
    env: { NODE_ENV: "development", SEED_DEMO: "1", LOG_LEVEL: "warn" },
    prepare: (env) => createUser(env, ADMIN.email, ADMIN.password, true),
  });
}, 240_000);

afterAll(async () => {
  await dev?.stop();
});

describe("npm run dev", () => {
  it("answers the back-office, sign-in, auth API, health check and public pages", async () => {
    for (const path of ["/healthz", "/admin/login", "/api/auth/get-session", "/", "/jobs", "/hi"]) {
      const res = await fetch(dev.baseURL + path, { redirect: "manual" });
      expect(res.status, `${path}: ${(await res.text()).slice(0, 300)}`).toBe(200);
    }
    const cookie = await signIn(dev.baseURL, ADMIN.email, ADMIN.password);
    const admin = await fetch(`${dev.baseURL}/admin`, { headers: { cookie } });
    expect(admin.status).toBe(200);
    expect(dev.output()).not.toMatch(/Invalid `context` value/);
  });

  it("signs in and saves an entry in Chromium", async () => {
    const browser = await launch({ baseURL: dev.baseURL, viewport: { width: 1280, height: 900 } });
    try {
      const page = await browser.context.newPage();
      const seen: string[] = [];
      page.on("console", (m) => seen.push(`console.${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
      page.on("load", () => seen.push(`load ${page.url()}`));
      page.on("requestfailed", (r) => seen.push(`failed ${r.url()} ${r.failure()?.errorText}`));
      page.on("response", (r) => {
        if (r.status() >= 400) seen.push(`${r.status()} ${r.url()}`);
      });
      await page.goto("/admin/login");
      await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/admin", { timeout: 60_000 });
      await page.goto("/admin/manage-jobs/add");
      // Hydrated (the page's React Router is running), so the save goes through JavaScript.
      await page
        .waitForFunction(
          () =>
            (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
              .__reactRouterDataRouter?.state.initialized === true,
          undefined,
          { timeout: 60_000 },
        )
        .catch((error: unknown) => {
          throw new Error(`not hydrated:\n${seen.join("\n")}\n--- server:\n${dev.output()}`, {
            cause: error,
          });
        });
      // Every dependency pre-bundled at start: a dependency found on a visit made Vite answer the
      // page's React with "504 Outdated Optimize Dep" and reload it (react-router.config.ts).
      expect(seen.filter((line) => /^50\d /.test(line))).toEqual([]);
      const title = `Dev Server Clerk ${Date.now()}`;
      await page.getByLabel("Post name", { exact: true }).fill(title);
      await page.getByLabel("Organization", { exact: true }).fill("Hot Reload Commission");
      await page
        .getByLabel("Short information", { exact: true })
        .fill("Clerks for the development server's own test.");
      await page.getByLabel("Employment type", { exact: true }).selectOption("FULL_TIME");
      await page.getByLabel("Job location (state)", { exact: true }).selectOption("Delhi");
      await page.getByLabel("Last date to apply", { exact: true }).fill("2031-03-31");
      await page.getByLabel("Minimum qualification", { exact: true }).selectOption("Graduate");
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByText("Saved and published.").waitFor({ timeout: 60_000 });
      const slug = await page.getByLabel("Slug (web address)", { exact: true }).inputValue();
      const published = await fetch(`${dev.baseURL}/jobs/${slug}`);
      expect(published.status).toBe(200);
      expect(await published.text()).toContain(title);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
