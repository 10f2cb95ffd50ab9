import { publicEligibilityRules } from "~/eligibility/rules.repository.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import { logger } from "~/platform/logger.server.ts";

// The rules are the open jobs' (the job list's address names the kind).
export const handle = { cacheScope: ["kind:/jobs"] } satisfies RouteHandle;

/**
 * `/eligibility/rules.json`: the age and qualification rules of every open job post, which the
 * finder page evaluates on the phone so that a date of birth never leaves it. Served from the page
 * cache and dropped with it on every content change; browsers revalidate it by ETag.
 */
export async function loader() {
  try {
    return Response.json(await publicEligibilityRules());
  } catch (err) {
    logger.error(`[eligibility] could not read the rules: ${(err as Error).message}`);
    return Response.json(
      { error: "The eligibility rules could not be read; try again in a minute." },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } },
    );
  }
}
