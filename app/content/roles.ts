// The roles and capabilities live in the one policy module (issue 27, app/content/policy.ts); this
// name stays only until the two screens still importing it (admin/alerts.tsx, dashboard.tsx) move.
export { can } from "./policy.ts";
