import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  chromium,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { ADMIN } from "./server.global.ts";

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no background traffic). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function baseURL(): string {
  return inject("baseURL");
}

export async function launch(
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), "govjobs-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    baseURL: baseURL(),
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Waits until the site's layout has marked the page hydrated (`<html data-hydrated>`). */
export const waitForHydration = (page: Page, timeout?: number) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, {
    timeout,
  });

/**
 * One browser for a test file; each call of `page()` opens a fresh page. Console errors are
 * collected so a test can assert that none happened.
 */
export function useBrowser(options: BrowserContextOptions = {}) {
  let browser: Awaited<ReturnType<typeof launch>>;
  const consoleErrors: string[] = [];
  beforeAll(async () => {
    browser = await launch(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    consoleErrors,
    async page(): Promise<Page> {
      const page = await browser.context.newPage();
      // A slow phone's CPU, or a loaded CI machine's, for finding races (README, Scripts).
      const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
      if (slowdown > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      }
      page.on("console", (msg) => {
        if (msg.type() === "error") consoleErrors.push(msg.text());
      });
      return page;
    },
    context: () => browser.context,
  };
}

/**
 * Signs `page` in as the e2e server's admin through the real sign-in form; a browser that is
 * already signed in goes straight on.
 */
export async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  if (new URL(page.url()).pathname === "/admin") return;
  await page.getByLabel("E-mail address", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
}
