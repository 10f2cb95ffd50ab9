import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresDatabase, createUser, jobForm, signIn, untilHealthy } from "./instances.ts";
import { getOnce, type OneGet } from "./one-get.ts";
import { choosePort } from "./ports.ts";

/**
 * `npm start` with WEB_CONCURRENCY=2: a primary and two workers on one port. Requests reach both
 * workers; a write through one is on the next page the other serves; a worker killed with -9 is
 * replaced; SIGTERM to the primary drains both workers and exits 0.
 */
describe.each(["sqlite", "postgres"] as const)("cluster of two workers [%s]", (dialect) => {
  const admin = { email: "cluster@govjobs.test", password: "Two-workers-one-port-7" };
  const cleanups: (() => Promise<void>)[] = [];
  let server: Cluster;
  let workers: number[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-cluster-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = await database(dialect, dataDir, cleanups);
    server = await startCluster(dataDir, databaseUrl);
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null)
        server.child.kill("SIGKILL");
      for (const pid of workers) killQuietly(pid);
    });
    createUser({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, admin.email, admin.password, true);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("answers from two worker processes, each of which says so in its log lines", async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const r = await get(`${server.baseURL}/jobs`);
      expect(r.status).toBe(200);
      seen.add(r.pid!);
    }
    workers = [...seen];
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.child.pid);
    for (const pid of workers)
      expect(server.output()).toContain(`[govjobs ${pid}] worker listening`);
    // The demo content was put in once, by the primary's preparing step.
    expect(server.output().match(/filled the empty database/g)).toHaveLength(1);
  });

  it("shows a job published through one worker on the next page the other serves", async () => {
    // Both workers have /jobs cached.
    const hits = new Set<number>();
    for (let i = 0; i < 20 && hits.size < 2; i++) {
      const r = await get(`${server.baseURL}/jobs`);
      if (r.xCache === "HIT") hits.add(r.pid!);
    }
    expect(hits.size).toBe(2);

    const cookie = await signIn(server.baseURL, admin.email, admin.password);
    const title = `Cluster Clerk ${Date.now()}`;
    const saved = await publishJob(server.baseURL, cookie, title);
    expect([302, 303]).toContain(saved.status);
    const writer = saved.pid;
    expect(workers).toContain(writer);

    // The other worker's list may answer from its stale copy for the cache's short window (while
    // one request draws it again); then the new job. On SQLite it reads the generation row, so it
    // never takes its copy for fresh; on PostgreSQL it hears of the write by NOTIFY, which may
    // arrive a moment after the writer's answer (documented in the README).
    let other: Answer | undefined;
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const r = await get(`${server.baseURL}/jobs`);
      if (r.pid === writer) continue;
      expect(r.status).toBe(200);
      if (r.body.includes(title)) {
        other = r;
        break;
      }
      if (dialect === "sqlite") expect(r.xCache).toBe("STALE");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(other?.body).toContain(title);
  });

  it("replaces a worker killed with -9, and the new one answers", async () => {
    const [victim, survivor] = workers;
    process.kill(victim, "SIGKILL");
    const killedAt = performance.now();
    // Until the primary has seen the death, it may still hand a new connection to the dead worker
    // (Node's round-robin), which then hangs until the client gives up: ask after that.
    await saw(server, `worker ${victim} was killed by SIGKILL`);
    const newcomer = await newWorker(server.baseURL, workers);
    console.log(
      `[cluster ${dialect}] worker ${newcomer} answered ${Math.round(performance.now() - killedAt)} ms after worker ${victim} was killed`,
    );
    expect(server.output()).toContain(`worker ${victim} was killed by SIGKILL; starting another`);
    workers = [survivor, newcomer];
    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) => get(`${server.baseURL}/jobs?page=${(i % 2) + 1}`)),
    );
    expect(after.map((r) => r.status)).toEqual(after.map(() => 200));
    expect(new Set(after.map((r) => r.pid))).toEqual(new Set(workers));
  });

  it("lets a worker sent SIGTERM alone drain, then replaces it", async () => {
    const [victim, survivor] = workers;
    process.kill(victim, "SIGTERM");
    const newcomer = await newWorker(server.baseURL, workers);
    expect(server.output()).toContain(
      `[govjobs ${victim}] all requests answered; closed the database; exiting`,
    );
    expect(server.output()).toContain(`worker ${victim} exited with code 0; starting another`);
    workers = [survivor, newcomer];
  });

  it("drains both workers on SIGTERM to the primary: every request sent before it is answered, exit 0", async () => {
    let answered = 0;
    let signalled: number | undefined;
    let next = 0;
    const results: Answer[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        // Uncached pages (each search is rendered) until the port no longer takes connections.
        for (;;) {
          const r = await get(`${server.baseURL}/search?q=cluster${next++}`);
          results.push(r);
          if (r.kind !== "complete") return;
          if (++answered === 40) {
            signalled = performance.now();
            server.child.kill("SIGTERM");
          }
        }
      }),
    );
    expect(signalled).toBeDefined();
    for (const r of results) {
      if (r.kind === "complete") expect(r.status).toBe(200);
      else if (r.sentAt !== undefined && r.sentAt < signalled!)
        expect.fail(`a request sent before SIGTERM was not answered: ${r.kind} ${r.error}`);
      else expect(["refused", "reset"]).toContain(r.kind);
    }
    const exit = await Promise.race([
      server.exited,
      new Promise<undefined>((resolve) => setTimeout(resolve, 20_000)),
    ]);
    expect(exit, "the primary had not exited 20 s after SIGTERM").toEqual({
      code: 0,
      signal: null,
    });
    const counts = Object.groupBy(results, (r) => r.kind);
    console.log(
      `[cluster ${dialect}] SIGTERM under load: complete ${counts.complete?.length ?? 0}, refused ${counts.refused?.length ?? 0}, reset ${counts.reset?.length ?? 0}; exited ${Math.round(performance.now() - signalled!)} ms after it`,
    );
    for (const pid of workers)
      expect(server.output()).toContain(
        `[govjobs ${pid}] all requests answered; closed the database; exiting`,
      );
    for (const pid of workers) expect(alive(pid), `worker ${pid} outlived the primary`).toBe(false);
    if (dialect === "sqlite") {
      expect(existsSync(path.join(server.dataDir, "govjobs.db-wal"))).toBe(false);
      expect(existsSync(path.join(server.dataDir, "govjobs.db.pid"))).toBe(false);
    }
  });
});

/** Waits until the cluster has printed `text` (within 30 s). */
async function saw(cluster: Cluster, text: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!cluster.output().includes(text)) {
    expect(performance.now(), `the cluster did not print "${text}"`).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks until a worker other than `known` answers (within 60 s); returns its pid. */
async function newWorker(baseURL: string, known: number[]): Promise<number> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    expect(performance.now(), "no new worker answered within 60 s").toBeLessThan(deadline);
    const r = await get(`${baseURL}/jobs`);
    if (r.kind === "complete" && r.pid && !known.includes(r.pid)) return r.pid;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a cluster whose workers cannot stay up", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("exits 1 with one line when the workers cannot listen (port in use), forking no more", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-cluster-port-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const taken = net.createServer();
    const port = await choosePort({ from: 4150, to: 4200 });
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(() => resolve())));
    const child = launch(dataDir, `file:${dataDir}/govjobs.db`, port);
    const exit = await child.exited;
    expect(exit.code).toBe(1);
    expect(child.output()).toContain(
      `Cannot start govjobs: port ${port} is in use (127.0.0.1:${port}). Set PORT to a free port.`,
    );
    expect(child.output()).not.toMatch(/\n\s+at /);
    expect(child.output()).not.toContain("starting another");
  });

  it("stops with exit 1 after five workers in a row die soon after starting", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-cluster-crash-"));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const child = launch(
      dataDir,
      `file:${dataDir}/govjobs.db`,
      await choosePort({ from: 4150, to: 4200 }),
    );
    cleanups.push(async () => {
      if (child.child.exitCode === null) child.child.kill("SIGKILL");
    });
    const killed = new Set<number>();
    let ended: { code: number | null } | undefined;
    void child.exited.then((e) => (ended = e));
    const deadline = performance.now() + 90_000;
    // The first kill waits for the primary to hear that the cluster serves: a worker killed
    // between its own "listening" line and that message is a failed start, which stops the
    // whole server at once (by design), not a quick death after serving.
    while (!ended && performance.now() < deadline && !/govjobs listening on/.test(child.output()))
      await new Promise((resolve) => setTimeout(resolve, 50));
    while (!ended && performance.now() < deadline) {
      for (const [, pid] of child.output().matchAll(/\[govjobs (\d+)\] worker listening/g)) {
        if (killed.has(Number(pid))) continue;
        killed.add(Number(pid));
        killQuietly(Number(pid));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ended?.code, child.output()).toBe(1);
    expect(killed.size).toBeGreaterThanOrEqual(5);
    expect(child.output()).toMatch(
      /Cannot keep govjobs running: 5 workers died within 30 s of starting/,
    );
    // The backoff: each fork after a quick death waited twice as long as the one before.
    expect(child.output()).toContain("starting another in 250 ms");
    expect(child.output()).toContain("starting another in 2000 ms");
  }, 120_000);
});

async function database(
  dialect: "sqlite" | "postgres",
  dataDir: string,
  cleanups: (() => Promise<void>)[],
): Promise<string> {
  if (dialect === "sqlite") return `file:${dataDir}/govjobs.db`;
  const adminUrl = inject("postgresUrl");
  const url = await createPostgresDatabase(adminUrl, "cluster");
  const name = url.slice(url.lastIndexOf("/") + 1);
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return url;
}

interface Cluster {
  baseURL: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** The production build as `npm start` runs it, with two workers that name themselves. */
async function startCluster(dataDir: string, databaseUrl: string): Promise<Cluster> {
  const cluster = launch(dataDir, databaseUrl, await choosePort({ from: 4150, to: 4200 }));
  await untilHealthy(cluster.baseURL, cluster.child, cluster.output);
  return cluster;
}

function launch(dataDir: string, databaseUrl: string, port: number): Cluster {
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
      WEB_CONCURRENCY: "2",
      WORKER_PID_HEADER: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { baseURL, dataDir, child, exited, output: () => text };
}

function publishJob(baseURL: string, cookie: string, title: string) {
  const body = jobForm(title, "Cluster Testing Board").toString();
  return new Promise<{ status: number; pid: number }>((resolve, reject) => {
    const req = http.request(
      `${baseURL}/admin/manage-jobs/add`,
      {
        method: "POST",
        agent: false,
        headers: {
          cookie,
          origin: baseURL,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode!, pid: Number(res.headers["x-worker-pid"]) }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

type Answer = OneGet & { pid?: number; xCache?: string };

/** One GET on a connection of its own, so that the primary hands each to the next worker. */
async function get(url: string): Promise<Answer> {
  const answer = await getOnce(url);
  if (answer.kind !== "complete") return answer;
  const { headers } = answer;
  return {
    ...answer,
    pid: Number(headers["x-worker-pid"]),
    xCache: String(headers["x-cache"] ?? ""),
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killQuietly(pid: number) {
  if (alive(pid)) process.kill(pid, "SIGKILL");
}
