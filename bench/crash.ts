// npm run bench:crash [-- --rounds 20]
// Crash safety: stream contact messages and admin saves at a production server, kill it with
// SIGKILL mid-stream, and prove that every write acknowledged before the kill is in the database
// and that the database passes its integrity check. Prints one line per round; exits 1 on a loss.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { run, startServer, waitFor } from "./lib.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "20" } } });
const rounds = Number(values.rounds);
const dir = mkdtempSync(path.join(tmpdir(), "govjobs-crash-"));
const file = path.join(dir, "crash.db");
const port = 46_000 + Math.floor(Math.random() * 3000);
const base = `http://127.0.0.1:${port}`;
const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const env = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR,
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: dir,
  DATABASE_URL: `file:${file}`,
  BASE_URL: base,
  CONTACT_RATE_LIMIT: "999999/1m",
  LOG_LEVEL: "silent",
};
const admin = { email: "crash@govjobs.test", password: "Kill-it-mid-stream-20" };

console.log("building…");
run("npx", ["react-router", "build"], env);
run(
  process.execPath,
  [
    "node_modules/tsx/dist/cli.mjs",
    "scripts/user-create.ts",
    "--email",
    admin.email,
    "--password",
    admin.password,
    "--admin",
  ],
  env,
);

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ ...admin, next: "/admin" }),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let lost = 0;
let acknowledged = 0;
for (let round = 1; round <= rounds; round++) {
  const server = startServer(env);
  await waitFor(`${base}/healthz`, server);
  const cookie = await signIn();
  const acked = { messages: [] as string[], titles: [] as string[] };
  let stop = false;
  const stream = async (worker: number) => {
    for (let i = 0; !stop; i++) {
      const marker = `r${round}w${worker}n${i}x${Math.random().toString(36).slice(2, 8)}`;
      try {
        if (worker % 2 === 0) {
          const res = await fetch(`${base}/contact-us`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
            body: new URLSearchParams({
              name: "Crash Test",
              email: "crash@example.com",
              message: `Crash safety message ${marker}`,
            }),
          });
          if (res.status === 200 && (await res.text()).includes("Message sent successfully!"))
            acked.messages.push(marker);
        } else {
          const res = await fetch(`${base}/admin/manage-jobs/add`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              intent: "publish",
              title: `Crash Job ${marker}`,
              organization: "Crash Testing Board",
              status: "published",
              "data.summary": "Written during a crash test.",
              "data.employmentType": "FULL_TIME",
              "data.state": "Delhi",
              "data.lastDate": "2099-12-31",
              "data.qualification": "Graduate",
            }),
          });
          if (res.status === 302 || res.status === 303) acked.titles.push(`Crash Job ${marker}`);
        }
      } catch {
        // The kill: requests in flight fail, which is expected; they were never acknowledged.
      }
    }
  };
  const workers = Array.from({ length: 6 }, (_, w) => stream(w));
  await new Promise((r) => setTimeout(r, 400 + Math.random() * 1200));
  server.kill("SIGKILL");
  stop = true;
  await Promise.all(workers);
  if (server.exitCode === null && server.signalCode === null)
    await new Promise((r) => server.once("exit", r));

  const db = new SQLite(file, { readonly: false });
  const integrity = db.pragma("integrity_check", { simple: true });
  const hasMessage = db.prepare("select count(*) as n from messages where message = ?");
  const hasTitle = db.prepare("select count(*) as n from entries where title = ?");
  const missing =
    acked.messages.filter(
      (m) => (hasMessage.get(`Crash safety message ${m}`) as { n: number }).n !== 1,
    ).length + acked.titles.filter((t) => (hasTitle.get(t) as { n: number }).n !== 1).length;
  db.close();
  acknowledged += acked.messages.length + acked.titles.length;
  lost += missing;
  console.log(
    `round ${String(round).padStart(2)}: ${acked.messages.length} messages and ${acked.titles.length} saves acknowledged, ${missing} missing, integrity ${integrity}`,
  );
  if (integrity !== "ok") lost++;
}
rmSync(dir, { recursive: true, force: true });
console.log(`\n${rounds} kills: ${acknowledged} acknowledged writes, ${lost} lost or damaged.`);
process.exit(lost === 0 ? 0 : 1);
