// Two rows of \`npm run bench\` apart from the load runs: whole uncached pages one after another
// (what one visitor waits for), and the memory of a server soaked at 50 connections.
import { treeRssMb, wrk } from "./lib.ts";

export async function soak(base: string, pid: number, url: string): Promise<string> {
  const warm = treeRssMb(pid);
  wrk(base + url, { connections: 50, seconds: 60 });
  const after = treeRssMb(pid);
  await new Promise((r) => setTimeout(r, 60_000));
  const later = treeRssMb(pid);
  return `soak: RSS ${warm} MB warm, ${after} MB after 60 s at 50 connections, ${later} MB a minute later`;
}

/**
 * Whole uncached pages one after another (no queueing): what one visitor waits for the server,
 * the "p95 under 30 ms" reading of list, filter and search.
 */
export async function oneAtATime(
  base: string,
  pages: [string, string][],
  db: string,
): Promise<(string | number)[][]> {
  const job = pages.find(([name]) => name === "job detail")![1];
  const rows: (string | number)[][] = [];
  for (const [name, url] of [
    ["job list", "/jobs"],
    ["job list, page 100", "/jobs?page=100"],
    ["job list by state", "/jobs?state=Kerala"],
    [
      "job list by organization",
      `/jobs?organization=${encodeURIComponent("Malabar Cooperative Bank")}`,
    ],
    ["search", "/search?q=clerk"],
    ["search, three words", "/search?q=railway+junior+clerk"],
    ["job detail", job],
  ]) {
    const times: number[] = [];
    for (let i = 0; i < 120; i++) {
      const started = performance.now();
      const res = await fetch(base + url).catch(() => fetch(base + url)); // an idle kept-alive socket closed under it
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    rows.push([name, db, at(0.5), at(0.95), times.length]);
  }
  return rows;
}
