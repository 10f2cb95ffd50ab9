// npx tsx bench/profile-summary.ts FILE.cpuprofile [--top 25] [--last SECONDS]
// Sums a V8 CPU profile (node --cpu-prof) by self time: per function and per file or package, so
// a render's cost can be read without DevTools; and the app's own functions by inclusive time
// (the bundle's "// app/…" module comments name the source file of each line). --last counts only
// the profile's last SECONDS (the load run, without the start and the warm-up before it).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "25" }, last: { type: "string" } },
});
if (positionals.length !== 1) {
  console.error("usage: npx tsx bench/profile-summary.ts FILE.cpuprofile [--top 25]");
  process.exit(1);
}
const top = Number(values.top);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(readFileSync(positionals[0], "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
const spanUs = profile.timeDeltas.reduce((a, b) => a + b, 0);
const fromUs = values.last ? spanUs - Number(values.last) * 1e6 : 0;
let atUs = 0;
profile.samples.forEach((id, i) => {
  atUs += profile.timeDeltas[i] ?? 0;
  if (atUs < fromUs) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

/** For a built bundle: the source module of each line, from the bundler's `// app/…` comments. */
const modulesOf = new Map<string, string[]>();
function sourceModule(url: string, line: number): string | undefined {
  if (!url.startsWith("file://") || url.includes("node_modules")) return undefined;
  if (!modulesOf.has(url)) {
    const file = fileURLToPath(url);
    const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
    let current = "";
    modulesOf.set(
      url,
      lines.map((l) => (current = /^\/\/ ((?:app|server)\/\S+)$/.exec(l)?.[1] ?? current)),
    );
  }
  return modulesOf.get(url)![line] || undefined;
}

/** A file's short name: the package inside node_modules, or the path from the project's root. */
function place(url: string): string {
  if (!url) return "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\//, "").replace(/^.*?\/(build[^/]*\/|app\/|server\/)/, "$1");
}

const fns = new Map<string, number>();
const files = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = place(url);
  const fn = `${functionName || "(anonymous)"}  ${where}${url ? `:${lineNumber + 1}` : ""}`;
  fns.set(fn, (fns.get(fn) ?? 0) + us);
  files.set(where, (files.get(where) ?? 0) + us);
  total += us;
}
// Inclusive time of the app's own functions: each sample counts once for every distinct app
// function on its stack.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const appFns = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
    const mod = sourceModule(url, lineNumber);
    if (!mod) continue;
    seen.add(`${functionName || "(anonymous)"}  ${mod}`);
  }
  for (const k of seen) appFns.set(k, (appFns.get(k) ?? 0) + us);
}

const idle = [...fns].filter(([k]) => k.startsWith("(idle)")).reduce((s, [, v]) => s + v, 0);
const busy = total - idle;

function print(title: string, map: Map<string, number>) {
  console.log(`\n${title} (% of busy ${(busy / 1000).toFixed(0)} ms)`);
  [...map]
    .filter(([k]) => !k.startsWith("(idle)"))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([k, us], i) =>
      console.log(
        `${String(i + 1).padStart(3)}. ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
      ),
    );
}
console.log(
  `${positionals[0]}: ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`,
);
print("functions", fns);
print("files and packages", files);
print("app functions, inclusive", appFns);
