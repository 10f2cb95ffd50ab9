import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createPostgresDatabase,
  createUser,
  signIn,
  startInstance,
  type Instance,
} from "./instances.ts";

/**
 * Two app instances on one PostgreSQL, as behind a load balancer. A write through A must empty
 * B's page cache through LISTEN/NOTIFY, and a dropped listener must reconnect.
 */
describe("scale-out: two instances on one PostgreSQL", () => {
  const admin = { email: "scale@govjobs.test", password: "Two-instances-one-db-9" };
  let a: Instance;
  let b: Instance;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    url = await createPostgresDatabase(inject("postgresUrl"), "scale");
    a = await startInstance({ DATABASE_URL: url, SEED_DEMO: "1" });
    b = await startInstance({ DATABASE_URL: url });
    createUser({ DATABASE_URL: url, DATA_DIR: a.dataDir }, admin.email, admin.password, true);
    cookie = await signIn(a.baseURL, admin.email, admin.password);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  async function publishJob(title: string) {
    const form = new URLSearchParams({
      intent: "publish",
      title,
      organization: "Scale Out Testing Board",
      status: "published",
      "data.summary": "A job published through instance A.",
      "data.employmentType": "FULL_TIME",
      "data.state": "Delhi",
      "data.lastDate": "2099-12-31",
      "data.qualification": "Graduate",
    });
    const res = await fetch(`${a.baseURL}/admin/manage-jobs/add`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: a.baseURL, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect([302, 303]).toContain(res.status);
  }

  /** Poll B until the title shows, for at most `ms`; returns how long it took (or -1). */
  async function seenOnB(path: string, title: string, ms: number): Promise<number> {
    const start = Date.now();
    while (Date.now() - start <= ms) {
      const html = await (await fetch(b.baseURL + path)).text();
      if (html.includes(title)) return Date.now() - start;
      await new Promise((r) => setTimeout(r, 25));
    }
    return -1;
  }

  it("shows a job published through A on B's cached list within one second", async () => {
    await fetch(`${b.baseURL}/jobs`);
    const warm = await fetch(`${b.baseURL}/jobs`);
    expect(warm.headers.get("x-cache")).toBe("HIT");
    const title = `Scale Out Clerk ${Date.now()}`;
    await publishJob(title);
    const took = await seenOnB("/jobs", title, 1000);
    console.log(`[scale-out] B showed the new job after ${took} ms`);
    expect(took).toBeGreaterThanOrEqual(0);
  });

  it("re-listens after its connection is dropped and does not serve stale pages meanwhile", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    await fetch(`${b.baseURL}/jobs`);
    const title = `After Reconnect Guard ${Date.now()}`;
    await publishJob(title);
    expect(await seenOnB("/jobs", title, 1000)).toBeGreaterThanOrEqual(0);
    // Both instances listen again.
    let listeners = 0;
    for (let i = 0; i < 50 && listeners < 2; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const r = await admin.query(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'",
      );
      listeners = r.rows[0].n;
    }
    await admin.end();
    expect(listeners).toBe(2);
  });
});
