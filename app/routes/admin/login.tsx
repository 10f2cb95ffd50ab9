import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { useAdminForm } from "~/components/admin/form.tsx";
import { refuse } from "~/platform/forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";
import { getViewer, safeReturnPath } from "~/users/guard.server.ts";
import { clientIp } from "~/platform/rate-limit.server.ts";
import { services } from "~/platform/services.server.ts";
import { throttledSignIn } from "~/users/sign-in-throttle.server.ts";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const next = safeReturnPath(new URL(request.url).searchParams.get("next"));
  const viewer = await getViewer(request);
  // Any back-office role goes on. An account without one is sent home from every other /admin
  // path without a word (spec §4); here, and only here, it is told why, with a way to sign out.
  if (viewer.state === "signed-in" && viewer.role) throw redirect(next);
  const noAccess = viewer.state === "signed-in" ? { email: viewer.user.email } : null;
  return { next, noAccess, constraint: formConstraint(LoginSchema) };
}

const LoginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail address")
    .max(254)
    .pipe(z.email("Enter a valid e-mail address")),
  password: z.string().min(1, "Enter your password").max(128, "Wrong e-mail or password."),
  next: z.string().max(2000).optional(),
});

/** Said for every wrong e-mail or password, so the answer never tells whether an account exists. */
export const WRONG_CREDENTIALS = "Wrong e-mail or password.";

/** The password never goes back to the page. */
const hide = ["password"];

export async function action({ request }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), LoginSchema);
  if (submission.status !== "success") return refuse(submission, { hide });
  const { auth, db } = await services();
  const ip = clientIp(request);
  const { email, password, next } = submission.value;
  const answer = await throttledSignIn(db, ip, email, async () => {
    try {
      const { headers } = await auth.api.signInEmail({
        body: { email, password },
        headers: request.headers,
        returnHeaders: true,
      });
      return { verdict: "success", value: headers };
    } catch {
      return { verdict: "failure", value: null };
    }
  });
  if (answer.held) {
    const wait = answer.retryAfterSeconds;
    return refuse(submission, {
      status: 429,
      formError: `Too many sign-in attempts. Wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
      headers: { "Retry-After": String(wait) },
      hide,
    });
  }
  if (answer.value) return redirect(safeReturnPath(next), { headers: answer.value });
  return refuse(submission, { status: 401, formError: WRONG_CREDENTIALS, hide });
}

/** An action's Retry-After reaches the browser only through here. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta() {
  return [{ title: "Sign in | govjobs admin" }, { name: "robots", content: "noindex" }];
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.noAccess) return <NoAccess email={loaderData.noAccess.email} />;
  return <LoginForm next={loaderData.next} constraint={loaderData.constraint} reply={actionData} />;
}

function LoginForm({
  next,
  constraint,
  reply,
}: {
  next: string;
  constraint: Route.ComponentProps["loaderData"]["constraint"];
  reply: Route.ComponentProps["actionData"];
}) {
  const busy = useNavigation().state === "submitting";
  const form = useAdminForm({ id: "login-form", reply, constraint, schema: LoginSchema });
  const errors = { email: form.error("email"), password: form.error("password") };
  const formError = form.formError;
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 p-4">
      <div className="w-full max-w-sm rounded-app border border-stone-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-primary">Sign in to govjobs admin</h1>
        {formError ? (
          <p role="alert" className="mt-4 rounded-app bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <Form method="post" {...form.props} noValidate className="mt-4 space-y-4">
          <input type="hidden" name="next" value={next} />
          <div>
            <label htmlFor="email" className="block text-sm font-semibold">
              E-mail address
            </label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              defaultValue={form.value("email")}
              maxLength={form.field("email").maxLength}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "email-error" : undefined}
              className="mt-1 w-full rounded-app border border-stone-300 px-3 py-2"
            />
            {errors.email ? (
              <p id="email-error" className="mt-1 text-sm text-red-700">
                {errors.email}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="password" className="block text-sm font-semibold">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? "password-error" : undefined}
              className="mt-1 w-full rounded-app border border-stone-300 px-3 py-2"
            />
            {errors.password ? (
              <p id="password-error" className="mt-1 text-sm text-red-700">
                {errors.password}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-app bg-primary px-4 py-2 font-semibold text-white disabled:opacity-60"
          >
            {busy ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}

/** What a signed-in account without a back-office role sees here, and nowhere else. */
function NoAccess({ email }: { email: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 p-4">
      <div className="w-full max-w-md rounded-app border border-stone-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-ink">
          This account has no access to the back-office
        </h1>
        <p className="mt-2 text-muted">
          You are signed in
          {email ? (
            <>
              {" "}
              as <strong className="break-words text-ink">{email}</strong>
            </>
          ) : null}
          , but this account has no back-office role. If you should have one, ask an admin of the
          site to give it to you, then sign in again.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
            >
              Sign out
            </button>
          </Form>
          <a href="/" className="text-accent underline">
            Go to the site
          </a>
        </div>
      </div>
    </main>
  );
}
