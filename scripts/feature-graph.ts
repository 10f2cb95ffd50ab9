// Prints the folder-level import graph of app/ (issue 27): one line per edge, "from → to (files)",
// where a file of folder `from` imports (statically, dynamically or for types) one of folder `to`.
// Tests are left out unless --tests is given (the layer rule in eslint.config.js leaves them out too);
// --files lists the importing files under each edge.
// Run: npm exec -- node scripts/feature-graph.ts [--tests] [--files]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const withTests = process.argv.includes("--tests");
const withFiles = process.argv.includes("--files");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && (withTests || !/\.test\.tsx?$/.test(name))) yield path;
  }
}

/** app/entries/x.ts → "entries"; app/root.tsx → "(top)"; demo/seed.ts → "../demo". */
const folderOf = (file: string) => {
  const parts = relative("app", file).split("/");
  if (parts[0] === "..") return `../${parts[1]}`;
  return parts.length > 1 ? parts[0] : "(top)";
};

const resolve = (from: string, specifier: string) => {
  if (specifier.startsWith("~/")) return join("app", specifier.slice(2));
  if (specifier.startsWith(".")) return join(dirname(from), specifier);
  return undefined;
};

const edges = new Map<string, Set<string>>();
for (const file of sourceFiles("app")) {
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
    const target = resolve(file, specifier);
    // Packages, and React Router's generated route types (./+types/…), are not folders of app/.
    if (!target || specifier.includes("/+types/")) continue;
    if (!existsSync(target.replace(/\?.*$/, ""))) console.warn(`unresolved ${file}: ${specifier}`);
    const [from, to] = [folderOf(file), folderOf(target)];
    if (from === to) continue;
    const key = `${from} → ${to}`;
    edges.set(key, (edges.get(key) ?? new Set()).add(file));
  }
}

for (const [key, files] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key} (${files.size})`);
  if (withFiles) for (const file of [...files].sort()) console.log(`    ${file}`);
}
