import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";

describe("smoke: the site answers in Chromium", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("shows the home page with the newest entries of each kind from the database", async () => {
    const page = await browser.page();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    for (const heading of ["Latest Jobs", "Results", "Admit Cards", "Syllabus", "Answer Keys"]) {
      await expect(
        page.getByRole("heading", { name: heading, exact: true }).count(),
      ).resolves.toBeGreaterThan(0);
    }
    await expect(
      page.getByRole("link", { name: /Recruitment \d{4}/ }).count(),
    ).resolves.toBeGreaterThan(4);
  });

  it("answers an unknown path with the not-found page and status 404", async () => {
    const page = await browser.page();
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(
      true,
    );
  });

  it("reports a healthy database", async () => {
    const res = await fetch(`${baseURL()}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });
});
