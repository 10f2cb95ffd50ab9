import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { AUTHOR, EDITOR } from "./server.global.ts";
import { savedEntry } from "../test/writes.ts";

/**
 * Issue 25: an author could read another author's unpublished draft at /preview/<id> and
 * /history/<id> (and their `.data`), which the edit route refused. One rule now decides every
 * per-entry screen (entryAccess in app/content/policy.ts): these requests go through it.
 */

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL()}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password, next: "/admin" }),
    redirect: "manual",
  });
  expect(res.status, `sign-in of ${email}`).toBe(302);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function get(path: string, cookie: string) {
  const res = await fetch(`${baseURL()}${path}`, { headers: { cookie }, redirect: "manual" });
  return { status: res.status, text: await res.text() };
}

describe("an author reads only the entries the edit rule lets them open", () => {
  const suffix = crypto.randomUUID().slice(0, 8);
  const othersTitle = `Another Authors Secret Draft ${suffix}`;
  const ownTitle = `My Own Draft Typist ${suffix}`;
  let author = "";
  let editor = "";
  let othersId = "";
  let ownId = "";

  beforeAll(async () => {
    author = await login(AUTHOR.email, AUTHOR.password);
    editor = await login(EDITOR.email, EDITOR.password);
    const authorId = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("user")
            .select("id")
            .where("email", "=", AUTHOR.email)
            .executeTakeFirstOrThrow()
        ).id,
    );
    const draft = (title: string, by: string) =>
      withE2eDb(
        (db) =>
          savedEntry(
            db,
            "job",
            {
              title,
              organization: "Access Rule Board",
              status: "draft",
              data: {
                summary: "A draft nobody else may read.",
                employmentType: "FULL_TIME",
                lastDate: "2031-01-31",
              },
            },
            { id: by, email: null, name: by === authorId ? "Author" : "Author B" },
          ),
        { write: true },
      );
    othersId = (await draft(othersTitle, `author-b-${suffix}`)).id;
    ownId = (await draft(ownTitle, authorId)).id;
  });

  afterAll(async () => {
    await withE2eDb(
      (db) => db.deleteFrom("entries").where("id", "in", [othersId, ownId]).execute(),
      { write: true },
    );
  });

  const screens = (id: string) => [
    `/admin/manage-jobs/edit/${id}`,
    `/admin/manage-jobs/preview/${id}`,
    `/admin/manage-jobs/history/${id}`,
  ];

  it("refuses author A another author's draft on edit, preview and history, pages and .data alike", async () => {
    const failures: string[] = [];
    for (const screen of screens(othersId)) {
      for (const path of [screen, `${screen}.data`]) {
        const { status, text } = await get(path, author);
        if (status !== 403) failures.push(`${path} → ${status}`);
        if (text.includes(othersTitle)) failures.push(`${path} shows the draft's title`);
        if (text.includes("A draft nobody else may read."))
          failures.push(`${path} shows the draft's text`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses author A the presence of another author's draft", async () => {
    const res = await fetch(`${baseURL()}/admin/presence`, {
      method: "POST",
      headers: { cookie: author, origin: baseURL() },
      body: new URLSearchParams({ subject: `entry:${othersId}` }),
      redirect: "manual",
    });
    await res.arrayBuffer();
    expect(res.status).toBe(403);
  });

  it("refuses crafted suggestions: on another author's draft, on one's own draft, and unknown ones in the queue", async () => {
    const before = await withE2eDb((db) =>
      db.selectFrom("revisions").select("id").where("state", "is not", null).execute(),
    );
    const post = async (path: string, cookie: string, body: Record<string, string>) => {
      const res = await fetch(`${baseURL()}${path}`, {
        method: "POST",
        headers: { cookie, origin: baseURL() },
        body: new URLSearchParams(body),
        redirect: "manual",
      });
      await res.arrayBuffer();
      return res.status;
    };
    const fields = { intent: "suggest", title: "Taken over", organization: "X", version: "" };
    for (const id of [othersId, ownId]) {
      expect(await post(`/admin/manage-jobs/edit/${id}`, author, fields)).toBe(403);
      expect(await post(`/admin/manage-jobs/edit/${id}.data`, author, fields)).toBe(403);
    }
    // The queue's buttons are an editor's; an unknown or malformed suggestion changes nothing.
    expect(await post("/admin", author, { intent: "apply", suggestion: "x", version: "y" })).toBe(
      403,
    );
    expect(
      await post("/admin", editor, { intent: "apply", suggestion: "no-such", version: "y" }),
    ).toBe(409);
    expect(await post("/admin", editor, { intent: "decline" })).toBe(400);
    const after = await withE2eDb((db) =>
      db.selectFrom("revisions").select("id").where("state", "is not", null).execute(),
    );
    expect(after).toEqual(before);
  });

  it("lists and exports to an author their own entries only, and every entry to an editor", async () => {
    // The list, its data and the CSV export once showed an author everybody's drafts, every field.
    const views = [
      `/admin/manage-jobs?q=${suffix}`,
      `/admin/manage-jobs.data?q=${suffix}`,
      `/admin/manage-jobs?q=${suffix}&status=draft`,
      `/admin/manage-jobs/export?q=${suffix}`,
      `/admin/manage-jobs/export?q=${suffix}&status=draft`,
    ];
    for (const path of views) {
      const mine = await get(path, author);
      expect(mine.status, path).toBe(200);
      expect(mine.text, path).toContain(ownTitle);
      expect(mine.text, path).not.toContain(othersTitle);
      const all = await get(path, editor);
      expect(all.text, path).toContain(ownTitle);
      expect(all.text, path).toContain(othersTitle);
    }
  });

  it("still opens the author's own draft, and every draft to an editor", async () => {
    for (const path of screens(ownId)) {
      const { status, text } = await get(path, author);
      expect(status, path).toBe(200);
      expect(text, path).toContain(ownTitle);
    }
    for (const path of screens(othersId)) {
      const { status, text } = await get(path, editor);
      expect(status, path).toBe(200);
      expect(text, path).toContain(othersTitle);
    }
  });
});
