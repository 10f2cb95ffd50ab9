import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** Run a command, failing loudly with its output. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(cmd, args, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/** Debian packages the benchmarks need (wrk, nginx), installed when missing and we are root. */
export function ensurePackages(pkgs: Record<string, string>) {
  const missing = Object.entries(pkgs)
    .filter(([bin]) => !existsSync(bin))
    .map(([, pkg]) => pkg);
  if (!missing.length) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Install these first: apt-get install -y ${missing.join(" ")}`);
  console.log(`installing ${missing.join(", ")} from Debian's packages…`);
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", ...missing], {
    ...process.env,
    DEBIAN_FRONTEND: "noninteractive",
  });
}

export async function waitFor(url: string, child?: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The V8 flags `npm start` runs the server with (package.json, config.node_args). */
export function serverNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
    config?: { node_args?: string };
  };
  return (pkg.config?.node_args ?? "").split(/\s+/).filter(Boolean);
}

export function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...serverNodeArgs(), "server.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A benchmark that fails half-way must not leave servers behind.
  process.once("exit", () => child.kill("SIGKILL"));
  return child;
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** Resident memory of a process in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const toMs = (v: string) => {
  const n = Number.parseFloat(v);
  if (v.endsWith("us")) return n / 1000;
  if (v.endsWith("ms")) return n;
  if (v.endsWith("s")) return n * 1000;
  return n;
};

/** wrk with latency percentiles; connections and duration as given. */
export function wrk(
  url: string,
  {
    connections = 10,
    seconds = 8,
    threads = 1,
    headers = [] as string[],
    /** A wrk Lua script (e.g. one that writes each request's path). */
    script = undefined as string | undefined,
  } = {},
): WrkResult {
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${seconds}s`, "--latency"];
  for (const h of headers) args.push("-H", h);
  if (script) args.push("-s", script);
  const out = run("wrk", [...args, url]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p50 = toMs(/\s50%\s+([\d.]+\w+)/.exec(out)?.[1] ?? "0");
  const p99 = toMs(/\s99%\s+([\d.]+\w+)/.exec(out)?.[1] ?? "0");
  const errors =
    Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0) +
    Number(/Socket errors:.*?timeout (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50, p99, errors };
}

export function table(rows: (string | number)[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
        .join("  "),
    )
    .join("\n");
}

/** The path of the newest job, from the jobs sitemap (works for any data set). */
export async function firstJobPath(base: string): Promise<string> {
  const xml = await (await fetch(`${base}/sitemaps/jobs.xml`)).text();
  const loc = /<loc>([^<]+)<\/loc>/.exec(xml)?.[1];
  if (!loc) throw new Error("the jobs sitemap lists no job");
  return new URL(loc).pathname;
}
