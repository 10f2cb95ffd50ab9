// npm run bench:alerts [-- --count 100000] [--postgres] [--skip-build] [--kill-at 0.3]
//   [--only plain|kill]
// Job alerts at scale (issue 15): COUNT active e-mail subscribers all matching one job; the
// production server (BUILD_DIR, default build-bench) sends through a local SMTP server that counts
// the messages each address receives. Run 1: publish the job through the write path, print the
// time to enqueue, the messages per second delivered and the server's RSS. Run 2: publish a second
// job, SIGKILL the server when KILL_AT of the mails are out, start it again, and wait until the
// outbox is empty: every subscriber must have the alert (missing = 0), and at most the messages
// in flight at the kill arrive twice (duplicates = n). Prints figures; exits 1 if one is missing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { migrate, openDatabase, type AppDatabase } from "../app/platform/db/db.server.ts";
import { LEASE_MS } from "../app/alerts/outbox.server.ts";
import { saveEntry } from "../app/entries/entries.service.server.ts";
import { job } from "../test/entries.ts";
import { startThrowawayPostgres } from "../test/postgres.ts";
import { freePort, rssMb, run, startServer, waitFor } from "./lib.ts";

const { values: opts } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    postgres: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
    "kill-at": { type: "string", default: "0.3" },
    /** "plain" or "kill": only that run (the kill run alone takes half the time). */
    only: { type: "string" },
  },
});
const COUNT = Number(opts.count);
const KILL_AT = Number(opts["kill-at"]);
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
/** Longest a run may take: the kill's leases run out after LEASE_MS, then the rest is sent. */
const RUN_TIMEOUT_MS = 30 * 60_000;

interface CountingSmtp {
  url: string;
  /** Messages accepted (after DATA) per recipient address. */
  perRecipient: Map<string, number>;
  total(): number;
  lastAt(): number;
  reset(): void;
  close(): Promise<void>;
}

/** A real SMTP server that keeps nothing but a count per recipient (no parsing: 100,000 mails). */
async function startCountingSmtp(port: number): Promise<CountingSmtp> {
  const perRecipient = new Map<string, number>();
  let total = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) {
          const address = rcpt.address.toLowerCase();
          perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
          total++;
        }
        last = performance.now();
        callback();
      });
    },
  });
  // A SIGKILLed sender resets its connections: expected here, not a reason to stop counting.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    perRecipient,
    total: () => total,
    lastAt: () => last,
    reset() {
      perRecipient.clear();
      total = 0;
      last = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fill(app: AppDatabase) {
  const at = new Date().toISOString();
  const chunk = 2_000;
  for (let i = 0; i < COUNT; i += chunk) {
    const rows = Array.from({ length: Math.min(chunk, COUNT - i) }, (_, j) => ({
      id: `bench-${i + j}`,
      channel: "email" as const,
      email: `subscriber-${i + j}@bench.test`,
      language: (i + j) % 3 === 0 ? ("hi" as const) : ("en" as const),
      // Every subscriber matches: half chose the state, half chose nothing (all).
      topic_states: (i + j) % 2 ? '["Bihar"]' : "[]",
      topic_qualifications: "[]",
      topic_organizations: "[]",
      topic_kinds: (i + j) % 4 ? '["job"]' : "[]",
      cadence: "instant" as const,
      digest_hour: 7,
      status: "active" as const,
      created_at: at,
      confirmed_at: at,
    }));
    await app.db.insertInto("alert_subscriptions").values(rows).execute();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function unsent(app: AppDatabase) {
  const rows = await app.db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "<>", "sent")
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

async function measure(name: string, app: AppDatabase, databaseUrl: string, dataDir: string) {
  const [port, smtpPort] = [await freePort(4400, 4424), await freePort(4425, 4449)];
  const smtp = await startCountingSmtp(smtpPort);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    BASE_URL: base,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "silent",
    WEB_CONCURRENCY: "1",
  };
  const startedAt = performance.now();
  await migrate(app);
  await fill(app);
  console.log(
    `${name}: ${COUNT.toLocaleString("en-IN")} subscribers stored in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );

  let missingTotal = 0;
  const rounds = (["plain", "kill"] as const).filter((r) => !opts.only || opts.only === r);
  for (const round of rounds) {
    smtp.reset();
    let server = startServer(env);
    await waitFor(`${base}/healthz`, server);
    let peakRss = 0;
    const sample = setInterval(() => {
      try {
        if (server.exitCode === null && server.pid) peakRss = Math.max(peakRss, rssMb(server.pid));
      } catch {
        // exited meanwhile
      }
    }, 250);
    const t0 = performance.now();
    const saved = await saveEntry(app.db, {
      kind: "job",
      input: job(`Bihar Police Constable Recruitment (${round} run)`, { state: "Bihar" }),
      actor: { id: null, email: null, name: "bench" },
    });
    const enqueued = performance.now();
    if (!saved.ok) throw new Error(`the job was not saved: ${saved.reason}`);
    const { n: queued } = await app.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("key", "like", `alert:%:${saved.entry.id}:published`)
      .executeTakeFirstOrThrow();

    let killedAfter: number | undefined;
    let restartedAt: number | undefined;
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${name} ${round}: not done in time`);
      if (round === "kill" && killedAfter === undefined && smtp.total() >= COUNT * KILL_AT) {
        server.kill("SIGKILL");
        await new Promise((r) => server.once("exit", r));
        killedAfter = smtp.total();
        await sleep(500);
        const afterKill = smtp.total();
        const waiting = await unsent(app);
        console.log(
          `${name} kill: SIGKILL after ${killedAfter.toLocaleString("en-IN")} mails (${afterKill - killedAfter} more arrived from closed connections); rows then: ${JSON.stringify(waiting)}; restarting (a killed row's lease runs out after ${LEASE_MS / 1000} s)`,
        );
        server = startServer(env);
        await waitFor(`${base}/healthz`, server);
        restartedAt = performance.now();
      }
      const left = await unsent(app);
      if (Object.keys(left).length === 0 && smtp.total() >= Number(queued)) break;
      if (left.dead || left.failed) console.log(`${name} ${round}: ${JSON.stringify(left)}`);
      await sleep(250);
    }
    clearInterval(sample);
    const rssEnd = server.pid ? rssMb(server.pid) : 0;
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));

    const received = smtp.perRecipient;
    let missing = 0;
    let duplicates = 0;
    for (let i = 0; i < COUNT; i++) {
      const got = received.get(`subscriber-${i}@bench.test`) ?? 0;
      if (got === 0) missing++;
      else duplicates += got - 1;
    }
    missingTotal += missing;
    const sendSeconds = (smtp.lastAt() - enqueued) / 1000;
    if (round === "plain") {
      console.log(
        `${name} publish: enqueue ${(enqueued - t0).toFixed(0)} ms for ${Number(queued).toLocaleString("en-IN")} rows; delivered ${smtp.total().toLocaleString("en-IN")} mails in ${sendSeconds.toFixed(1)} s = ${Math.round(smtp.total() / sendSeconds)} msg/s; server RSS peak ${peakRss} MB, at the end ${rssEnd} MB; missing ${missing}, duplicates ${duplicates}`,
      );
    } else {
      console.log(
        `${name} kill: enqueue ${(enqueued - t0).toFixed(0)} ms; all out ${sendSeconds.toFixed(1)} s after publishing (restart to done ${((smtp.lastAt() - (restartedAt ?? 0)) / 1000).toFixed(1)} s); mails ${smtp.total().toLocaleString("en-IN")} for ${COUNT.toLocaleString("en-IN")} subscribers: missing ${missing}, duplicates ${duplicates}; RSS peak ${peakRss} MB`,
      );
    }
  }
  await smtp.close();
  return missingTotal;
}

if (!opts["skip-build"]) {
  console.log(`building into ${BUILD_DIR}…`);
  run("npx", ["react-router", "build"], { ...process.env, BUILD_DIR });
}

let missing = 0;
const dir = mkdtempSync(path.join(tmpdir(), "govjobs-bench-alerts-"));
try {
  if (!opts.postgres) {
    const file = path.join(dir, "alerts.db");
    const sqlite = openDatabase({ dialect: "sqlite", file });
    try {
      missing += await measure("sqlite", sqlite, `file:${file}`, dir);
    } finally {
      await sqlite.close();
    }
  } else {
    const server = startThrowawayPostgres();
    try {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query("create database bench_alerts");
      await admin.end();
      const url = server.url.replace(/\/postgres$/, "/bench_alerts");
      const app = openDatabase({ dialect: "postgres", url });
      try {
        missing += await measure("postgres", app, url, dir);
      } finally {
        await app.close();
      }
    } finally {
      server.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (missing > 0) {
  console.error(`${missing} subscribers never got their alert`);
  process.exit(1);
}
