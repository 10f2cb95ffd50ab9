// npm run bench:contact-load [-- --count 10000 --connections 50]
// 10,000 contact submissions at 50 connections with the rate limit raised: every 2xx answer must
// have exactly one stored message, and no answer may be a 5xx. Prints the figures; exits 1 if not.
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { benchServer, run, startServer, stop, waitFor } from "./lib.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "10000" },
    connections: { type: "string", default: "50" },
  },
});
const count = Number(values.count);
const connections = Number(values.connections);
const { dir, base, env } = benchServer("load", 47_000, { CONTACT_RATE_LIMIT: "999999/1m" });
const file = path.join(dir, "load.db");
console.log("building…");
run("npx", ["react-router", "build"], env);
const server = startServer(env);
await waitFor(`${base}/healthz`, server);

const statuses = new Map<number, number>();
const ok: string[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (next < count) {
      const n = next++;
      const marker = `load-${n}-${Math.random().toString(36).slice(2, 8)}`;
      const res = await fetch(`${base}/contact-us`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
        body: new URLSearchParams({
          name: "Load Test",
          email: "load@example.com",
          message: `Load test message ${marker}`,
        }),
      });
      const text = await res.text();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 200 && res.status < 300 && text.includes("Message sent successfully!"))
        ok.push(marker);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await stop(server);

const db = new SQLite(file, { readonly: true });
const stored = (db.prepare("select count(*) as n from messages").get() as { n: number }).n;
const one = db.prepare("select count(*) as n from messages where message = ?");
const notExactlyOnce = ok.filter(
  (m) => (one.get(`Load test message ${m}`) as { n: number }).n !== 1,
).length;
db.close();
rmSync(dir, { recursive: true, force: true });

const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
console.log(
  `${count} submissions at ${connections} connections in ${seconds.toFixed(1)} s (${Math.round(count / seconds)}/s)`,
);
console.log(`statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}`);
console.log(
  `2xx with success: ${ok.length}; stored messages: ${stored}; 2xx not stored exactly once: ${notExactlyOnce}; 5xx: ${fivexx}`,
);
process.exit(fivexx === 0 && notExactlyOnce === 0 && stored === ok.length ? 0 : 1);
