import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPostgresDatabase, untilHealthy } from "./instances.ts";
import { getOnce, type OneGet } from "./one-get.ts";

/**
 * SIGTERM under load, on a production instance of its own: the requests in flight are answered
 * in full, new connections are refused, the database is closed and the process exits 0. Before,
 * the server exited without closing the database, reset the requests it had not read yet, and
 * answered a request in flight on a kept-alive connection "keep-alive" just before closing it.
 */
describe.each(["sqlite", "postgres"] as const)("graceful shutdown [%s]", (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("answers what is in flight, refuses what comes after, closes the database, exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-shutdown-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const database = await databaseUrl(dialect, dataDir, cleanups);
    const server = await startServer(dataDir, database);
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null)
        server.child.kill("SIGKILL");
    });
    const slugs = [
      ...(await getOnce(`${server.baseURL}/jobs`)).body.matchAll(/href="(\/jobs\/[^"?#/]+)"/g),
    ].map((m) => m[1]);
    expect(slugs.length).toBeGreaterThan(5);

    // Slow requests: a form whose body is still arriving when the signal comes.
    const uploads = [0, 1, 2].map(() => slowUpload(server.baseURL));
    await Promise.all(uploads.map((u) => u.headersSent));

    // Uncached pages (each search and each first detail view is rendered), 20 at a time.
    const urls = Array.from({ length: 200 }, (_, i) =>
      i % 3 === 0
        ? `/search?q=shutdown${i}`
        : i % 3 === 1
          ? `/jobs?page=${(i % 2) + 1}`
          : slugs[i % slugs.length],
    );
    let answered = 0;
    let signalled: number | undefined;
    let closing = false;
    const markClosing = () => (closing = true);
    server.saw("no longer accepting connections").then(markClosing, markClosing);
    // The 200 pages, then more for as long as the port is open, so that some race its closing.
    let next = 0;
    const take = () =>
      next < urls.length
        ? urls[next++]
        : signalled !== undefined && !closing
          ? `/search?q=racing${next++}`
          : undefined;
    const results: Outcome[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let url = take(); url; url = take()) {
          const startedAt = performance.now();
          const outcome = await getOnce(server.baseURL + url);
          results.push({ ...outcome, url, startedAt });
          if (outcome.kind === "complete" && ++answered === 60) {
            signalled = performance.now();
            server.child.kill("SIGTERM");
          }
        }
      }),
    );
    expect(signalled).toBeDefined();
    const closedAt = await server.saw("no longer accepting connections");
    // The slow uploads keep the process alive: new connections are refused, not left hanging.
    const late = await Promise.all(urls.slice(0, 20).map((url) => getOnce(server.baseURL + url)));
    expect(server.child.exitCode).toBeNull();
    expect(late.map((r) => r.kind)).toEqual(late.map(() => "refused"));

    for (const r of results) {
      if (r.kind === "complete") {
        expect(r.status, r.url).toBe(200);
        expect(r.body.trimEnd().endsWith("</html>"), r.url).toBe(true);
      } else if (r.sentAt !== undefined && r.sentAt < signalled!) {
        // Sent before the signal, though maybe not yet read by the busy server: in flight.
        expect.fail(`${r.url}, sent before SIGTERM, was not answered: ${r.kind} ${r.error}`);
      } else if (r.startedAt > closedAt) {
        expect(r.kind, r.url).toBe("refused");
      } else {
        // Sent around the moment the port closed: no answer is fine, half an answer is not.
        expect(["refused", "reset"], r.url).toContain(r.kind);
      }
    }
    const counts = Object.groupBy(results, (r) => r.kind);
    console.log(
      `[shutdown ${dialect}] complete ${counts.complete?.length ?? 0}, refused ${counts.refused?.length ?? 0}, reset ${counts.reset?.length ?? 0}`,
    );
    expect(counts.complete?.length).toBeGreaterThanOrEqual(60);

    // The uploads finish after the listener closed: answered in full, and told not to reuse the
    // connection, which the server closes.
    for (const u of uploads) u.finish();
    for (const u of uploads) {
      const res = await u.response;
      expect(res.status).toBe(200);
      expect(res.connection).toBe("close");
      expect(res.body.trimEnd().endsWith("</html>")).toBe(true);
    }

    // The uploads held it open until now; the server's own deadline is 10 s from the signal.
    const exit = await Promise.race([
      server.exited,
      new Promise<undefined>((r) => setTimeout(r, 15_000)),
    ]);
    expect(exit, "the server had not exited 15 s after SIGTERM").toEqual({ code: 0, signal: null });
    console.log(
      `[shutdown ${dialect}] exited ${Math.round(performance.now() - signalled!)} ms after SIGTERM`,
    );
    expect(server.output()).toContain("closed the database");
    if (dialect === "sqlite") {
      // The last connection to close checkpoints the WAL and removes it; process.exit leaves it.
      expect(existsSync(path.join(dataDir, "govjobs.db-wal"))).toBe(false);
      expect(existsSync(path.join(dataDir, "govjobs.db.pid"))).toBe(false);
    } else {
      // A connection the process did not end (pool or LISTEN client) is one PostgreSQL saw lost.
      const { sessions, abandoned } = await sessionsEnded(new URL(database));
      expect(sessions).toBeGreaterThan(0);
      expect(abandoned).toBe(0);
    }
  }, 90_000);
});

async function databaseUrl(
  dialect: "sqlite" | "postgres",
  dataDir: string,
  cleanups: (() => Promise<void>)[],
): Promise<string> {
  if (dialect === "sqlite") return `file:${dataDir}/govjobs.db`;
  const admin = inject("postgresUrl");
  const url = await createPostgresDatabase(admin, "shutdown");
  const name = url.slice(url.lastIndexOf("/") + 1);
  cleanups.push(async () => {
    const d = new pg.Client({ connectionString: admin });
    await d.connect();
    await d.query(`drop database if exists ${name} with (force)`);
    await d.end();
  });
  return url;
}

/**
 * How many sessions the server's database has had, and how many of them ended without the client
 * saying goodbye (pg_stat_database.sessions_abandoned), once all of them have ended.
 */
async function sessionsEnded(url: URL): Promise<{ sessions: number; abandoned: number }> {
  const name = url.pathname.slice(1);
  const c = new pg.Client({ connectionString: inject("postgresUrl") });
  await c.connect();
  try {
    // The backends end just after the process; each writes its statistics before it leaves.
    for (;;) {
      const { rows } = await c.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const { rows } = await c.query<{ sessions: number; abandoned: number }>(
      "select sessions::int, sessions_abandoned::int as abandoned from pg_stat_database where datname = $1",
      [name],
    );
    return rows[0];
  } finally {
    await c.end();
  }
}

interface Server {
  baseURL: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** When (performance.now()) the server first printed this line; waits for it until it exits. */
  saw(text: string): Promise<number>;
}

/** The production build on its own port and database, its output kept for the test to read. */
async function startServer(dataDir: string, databaseUrl: string): Promise<Server> {
  const port = 50_000 + Math.floor(Math.random() * 9_000);
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BASE_URL: baseURL,
      SEED_DEMO: "1",
      SEARCH_RATE_LIMIT: "999999/1m",
      LOG_LEVEL: "warn",
      // A single process; e2e/cluster.test.ts stops a cluster.
      WEB_CONCURRENCY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  /** Each line of output with the moment it arrived. */
  const lines: { line: string; at: number }[] = [];
  const waiting = new Set<() => void>();
  let partial = "";
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop()!;
    for (const line of parts) lines.push({ line, at: performance.now() });
    for (const check of waiting) check();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once("exit", (code, signal) => r({ code, signal })),
  );
  await untilHealthy(baseURL, child, () => text);
  return {
    baseURL,
    child,
    exited,
    output: () => text,
    saw: (wanted) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(({ line }) => line.includes(wanted));
          if (!found) return;
          waiting.delete(check);
          resolve(found.at);
        };
        waiting.add(check);
        check();
        void exited.then(() => {
          check();
          reject(new Error(`the server exited without saying "${wanted}":\n${text}`));
        });
      }),
  };
}

type Outcome = OneGet & { url: string; startedAt: number };

/**
 * A contact form sent in two halves over a kept-alive connection: the request is in flight until
 * finish() sends the rest. The filled-in honeypot field makes the answer a plain "sent" page
 * without writing anything.
 */
function slowUpload(baseURL: string) {
  const form = new URLSearchParams({ website: "http://spam.example", message: "x".repeat(2000) });
  const payload = Buffer.from(form.toString());
  const agent = new http.Agent({ keepAlive: true });
  const req = http.request(`${baseURL}/contact-us`, {
    method: "POST",
    agent,
    headers: {
      origin: baseURL,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(payload.length),
    },
  });
  const response = new Promise<{ status: number; connection?: string; body: string }>(
    (resolve, reject) => {
      req.on("error", reject);
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("error", reject);
        res.on("end", () => {
          agent.destroy();
          if (!res.complete) reject(new Error("the upload's answer stopped before its end"));
          resolve({ status: res.statusCode!, connection: res.headers.connection, body });
        });
      });
    },
  );
  response.catch(() => {});
  const headersSent = new Promise<void>((resolve) =>
    req.write(payload.subarray(0, 100), () => resolve()),
  );
  return { headersSent, response, finish: () => req.end(payload.subarray(100)) };
}
