import { services } from "~/server/services.server.ts";
import type { Route } from "./+types/auth";

/** better-auth's own endpoints (/api/auth/*): session reads, sign-out, admin API. */
export async function loader({ request }: Route.LoaderArgs) {
  return (await services()).auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await services()).auth.handler(request);
}
