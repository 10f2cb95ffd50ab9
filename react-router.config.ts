import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (parallel test runs, benchmarks).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // `npm run dev` pre-bundles the dependencies of every route at start. Without it Vite found the
  // back-office's (Conform's zod half) on the first visit, answered "504 Outdated Optimize Dep" to
  // the page's React and reloaded it: a page that did not hydrate (e2e/dev-server, in CI).
  future: { unstable_optimizeDeps: true },
} satisfies Config;
