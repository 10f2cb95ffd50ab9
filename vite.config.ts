import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/**
 * Brotli (quality 11) and gzip (level 9) copies of the client's text assets, written once at build
 * time so the server sends them without compressing anything per request (http/static-files.ts).
 * A copy that would not be smaller is not written.
 */
function precompressAssets(): Plugin {
  return {
    name: "govjobs:precompress-assets",
    apply: "build",
    // After both builds: React Router moves the route manifest into the client's assets while it
    // writes the server build.
    writeBundle: {
      order: "post",
      handler(options) {
        const dir = path.join(path.dirname(options.dir ?? ""), "client", "assets");
        const names = new Set(readdirSync(dir));
        for (const name of names) {
          if (!/\.(js|css|svg|json|txt)$/.test(name) || names.has(`${name}.br`)) continue;
          const file = path.join(dir, name);
          const body = readFileSync(file);
          const br = brotliCompressSync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          });
          const gz = gzipSync(body, { level: 9 });
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

/**
 * What every public page runs (root, site layout, header, footer, bell, latest bar and the small
 * shared components) as one chunk: gzip packs one file better than a dozen of 0.5–3 KB (−3 KB a
 * page, measured). Each page's own module stays apart, as do the admin screens and the parts
 * loaded on first use (bell popover, menu drawer, contact checks). My exams' place for Save is here
 * too (87 B): the lists show it, and in the job page's file it took the lists along (+5.7 KB each).
 * So is the browser's console reporter (app/lib/browser-log.ts): on its own, the contact form's
 * chunk loaded the finder's to reach it.
 */
const SITE_CODE =
  /\/app\/(root\.tsx|entry\.client\.tsx|content\/profile-storage\.ts|lib\/format\.ts|routes\/site\/layout\.tsx|components\/(bell|latest-bar|site-header|site-footer|nav-drawer|spinner|page-error|json-ld|breadcrumbs|nonce)\.tsx|my-exams\/save-slot\.tsx|lib\/(use-hydrated|browser-log|chunk-recovery)\.ts)$/;

/**
 * React and React Router, which every page needs (and which the site chunk would otherwise absorb),
 * with the bundler's own helpers for their CommonJS modules (a 460-byte file of its own otherwise).
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\/|^\0rolldown\/runtime\.js$/;

/**
 * A page type's own modules as one file each: gzip packs one file better than three, and a phone
 * makes one request less (issue 14's Hindi had to fit in the same 120 KB).
 */
const DETAIL_PAGE =
  /\/app\/(routes\/site\/kind-detail\.tsx|components\/(entry-detail|at-a-glance)\.tsx)$/;
const FINDER_PAGE = /\/app\/(routes\/site\/eligibility|components\/eligibility-results)\.tsx$/;

/**
 * Conform's browser half (issue 27: the public forms hold their state with `useForm`), a file of
 * its own (8.6 KB gzip): in the finder's group it made the contact page load the whole finder
 * (+41 KB). The job page loads it only with "Am I eligible?". Only the state half (react, dom):
 * @conform-to/zod, which the admin forms run in the browser, brought zod into this file and
 * every public form's page grew by 3–29 KB.
 */
const CONFORM = /\/node_modules\/@conform-to\/(react|dom)\//;

/**
 * My exams' Save button (issue 28), loaded after hydration on the pages that show it (and by
 * /my): one named file, which `npm run bench` weighs.
 */
const MY_EXAMS_SAVE = /\/app\/my-exams\/(save-control\.tsx|store\.ts|sync\.ts|clashes\.ts)$/;

export default defineConfig({
  environments: {
    // The server bundle's entry is our Express app, which wraps React Router's request handler.
    ssr: { build: { rollupOptions: { input: "./http/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "site", test: SITE_CODE, priority: 1 },
                { name: "detail", test: DETAIL_PAGE, priority: 1 },
                { name: "finder", test: FINDER_PAGE, priority: 1 },
                { name: "my-exams-save", test: MY_EXAMS_SAVE, priority: 1 },
                { name: "conform", test: CONFORM, priority: 2 },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
