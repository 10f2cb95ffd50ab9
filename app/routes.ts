import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Mirrors the spec's route list (§2), so the two can be read side by side. */
export default [
  // Resources: no HTML shell.
  route("healthz", "routes/resources/healthz.ts"),

  // Public site, inside the shell.
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
] satisfies RouteConfig;
