import { redirect } from "react-router";
import { services } from "~/platform/services.server.ts";
import type { Route } from "./+types/logout";

export async function loader() {
  // Signing out changes state, so it is a POST; a GET only shows where to go.
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  const { auth } = await services();
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return redirect("/admin/login", { headers });
  } catch {
    return redirect("/admin/login");
  }
}
