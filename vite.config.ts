import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * What every public page runs (root, site layout, header, footer, bell, latest bar and the small
 * shared components) as one chunk: gzip packs one file better than a dozen of 0.5–3 KB (−3 KB a
 * page, measured). Each page's own module stays apart, as do the admin screens and the parts
 * loaded on first use (bell popover, menu drawer, contact checks).
 */
const SITE_CODE =
  /\/app\/(root\.tsx|chunk-recovery\.ts|server\/format\.ts|routes\/site\/layout\.tsx|components\/(bell|latest-bar|site-header|site-footer|nav-drawer|spinner|page-error|json-ld|breadcrumbs|pagination|entry-list-item|nonce)\.tsx)$/;

/** React and React Router, which every page needs (and which the site chunk would otherwise absorb). */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;

export default defineConfig({
  environments: {
    // The server bundle's entry is our Express app, which wraps React Router's request handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "site", test: SITE_CODE, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
