// The JavaScript My exams (issue 28) adds to public pages other than /my, in gzip bytes: the Save
// button's code, a file of its own that those pages load after hydration (vite.config.ts names it
// "my-exams-save"), and the small parts always in the page's own files (the header's link, the
// empty place for Save, the job page's bar), weighed by bundling just those modules the way the
// build does (minified, everything they import from elsewhere left out). `npm run bench` prints it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";

const SLOTS = ["header-link.tsx", "save-slot.tsx", "entry-actions.tsx"];
const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

export async function myExamsScriptWeight(appDir: string, clientAssets: string) {
  const lazy = readdirSync(clientAssets)
    .filter((name) => /^my-exams-save-[\w-]+\.js$/.test(name))
    .reduce((sum, name) => sum + gz(readFileSync(path.join(clientAssets, name))), 0);
  const dir = path.join(appDir, "app", "my-exams");
  const own = new Set(SLOTS.map((name) => path.join(dir, name)));
  // One entry that re-exports the three, as they sit together in a page's files.
  const entry = path.join(mkdtempSync(path.join(tmpdir(), "my-exams-weight-")), "slots.ts");
  writeFileSync(entry, [...own].map((file) => `export * from ${JSON.stringify(file)};`).join("\n"));
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root: appDir,
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ["es"], fileName: "slots" },
      rolldownOptions: {
        // Everything the three import from elsewhere is already in the page (or is the lazy file).
        external: (id, importer) =>
          !!importer && !own.has(id) && !own.has(path.resolve(path.dirname(importer), id)),
      },
    },
  })) as Rollup.RollupOutput[];
  rmSync(path.dirname(entry), { recursive: true, force: true });
  const slots = output
    .flatMap((o) => o.output)
    .filter((chunk): chunk is Rollup.OutputChunk => chunk.type === "chunk")
    .reduce((sum, chunk) => sum + gz(chunk.code), 0);
  return { lazy, slots, total: lazy + slots };
}
