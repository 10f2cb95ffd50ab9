import { z } from "zod";
import { clientIp } from "~/platform/rate-limit.server.ts";
import { services } from "~/platform/services.server.ts";
import { throttledSignIn } from "~/users/sign-in-throttle.server.ts";
import type { Route } from "./+types/auth";

/**
 * better-auth's own endpoints (/api/auth/*), restricted to the ones govjobs uses over HTTP:
 * session reads, sign-out and the e-mail sign-in, which goes through the same throttle as the
 * login form. Everything else the library offers answers 404: a door nobody uses is a door nobody
 * guards. That includes the whole admin API (set-user-password, set-role, impersonate-user, …):
 * the Users screen calls it in-process, through users.server.ts, after the app's own password
 * policy and with an audit row; over HTTP it skipped both (issue 25).
 */
const EXPOSED = /^\/(?:get-session|sign-out|sign-in\/email)$/;

function endpoint(request: Request): string {
  return new URL(request.url).pathname.slice("/api/auth".length);
}

function notExposed() {
  return Response.json(
    { code: "NOT_FOUND", message: "This endpoint does not exist." },
    { status: 404 },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!EXPOSED.test(endpoint(request))) return notExposed();
  return (await services()).auth.handler(request);
}

const SignInBody = z.object({ email: z.string().trim().min(1).max(254) });

export async function action({ request }: Route.ActionArgs) {
  const path = endpoint(request);
  if (!EXPOSED.test(path)) return notExposed();
  const { auth, db } = await services();
  if (path !== "/sign-in/email") return auth.handler(request);

  // The account is known before the password is checked, so the hold applies to both.
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return Response.json(
      { code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the e-mail and password as JSON." },
      { status: 415 },
    );
  }
  const body = SignInBody.safeParse(
    await request
      .clone()
      .json()
      .catch(() => null),
  );
  if (!body.success) {
    return Response.json(
      { code: "INVALID_BODY", message: "Send a JSON object with email and password." },
      { status: 400 },
    );
  }
  const answer = await throttledSignIn(db, clientIp(request), body.data.email, async () => {
    const response = await auth.handler(request);
    const verdict =
      response.status === 200 ? "success" : response.status === 401 ? "failure" : "neither";
    return { verdict, value: response };
  });
  if (!answer.held) return answer.value;
  return Response.json(
    {
      code: "TOO_MANY_ATTEMPTS",
      message: `Too many sign-in attempts. Wait ${answer.retryAfterSeconds} seconds and try again.`,
    },
    { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } },
  );
}
