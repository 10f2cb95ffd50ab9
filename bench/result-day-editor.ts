// The result-day bench's editor (bench/result-day.ts): the real sign-in and the real admin entry
// form over HTTP, publishing or updating a job every WRITE_EVERY_S seconds.

/** Seconds between two editor writes. */
export const WRITE_EVERY_S = 5;

/** A GET that retries once when the server closed an idle kept-alive socket under it. */
async function getBody(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const get = () => fetch(url, { headers }).then(async (r) => Buffer.from(await r.arrayBuffer()));
  return get().catch(get);
}

// --- The editor: the real sign-in and the real admin entry form, over HTTP ------------------------

export async function signIn(
  base: string,
  admin: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ ...admin, next: "/admin" }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (res.status !== 302 || !cookies.length)
    throw new Error(`the editor could not sign in: ${res.status}`);
  return cookies.join("; ");
}

/** The job form's fields, as the admin's "Publish" button sends them. */
function jobForm(title: string, lastDate: string): Record<string, string> {
  return {
    intent: "publish",
    title,
    organization: "Result Day Recruitment Board",
    status: "published",
    "data.summary": "Applications are invited for the posts below; read the notification first.",
    "data.employmentType": "FULL_TIME",
    "data.state": "Bihar",
    "data.lastDate": lastDate,
    "data.qualification": "Graduate",
  };
}

async function postForm(base: string, cookie: string, url: string, form: Record<string, string>) {
  const res = await fetch(base + url, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  await res.arrayBuffer();
  return res;
}

/** Publishes a job through the add form; returns its id (from the redirect to its edit page). */
export async function publishJob(base: string, cookie: string, title: string): Promise<string> {
  const res = await postForm(base, cookie, "/admin/manage-jobs/add", jobForm(title, "2099-12-31"));
  const id = /\/edit\/([^?/]+)/.exec(res.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`publishing "${title}" answered ${res.status}`);
  return id;
}

/** The edit page as the editor opens it: the version the form carries, and the slug. */
export async function editForm(base: string, cookie: string, id: string) {
  const html = (await getBody(`${base}/admin/manage-jobs/edit/${id}`, { cookie })).toString();
  const value = (name: string) => {
    const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
    return /value="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&") ?? "";
  };
  const slug = value("slug");
  if (!slug) throw new Error(`the edit page of ${id} shows no slug`);
  return { version: value("version"), slug };
}

/**
 * Every WRITE_EVERY_S seconds until `until`: update the hot job's title and last date (opening its
 * edit form first for the version, as a browser would), or publish a new job, in turn.
 */
export async function editor(
  base: string,
  cookie: string,
  hotId: string,
  from: number,
  until: number,
) {
  const ms: number[] = [];
  let done = 0;
  let failed = 0;
  for (let n = 0; ; n++) {
    const at = from + (n + 1) * WRITE_EVERY_S * 1000;
    if (at > until - 1000) break;
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
    const started = performance.now();
    let res: Response;
    if (n % 2 === 0) {
      const { version, slug } = await editForm(base, cookie, hotId);
      const day = String(1 + (n % 28)).padStart(2, "0");
      res = await postForm(base, cookie, `/admin/manage-jobs/edit/${hotId}`, {
        ...jobForm(`Result Day Hot Job (revised ${n / 2 + 1})`, `2099-11-${day}`),
        slug,
        version,
      });
    } else {
      res = await postForm(
        base,
        cookie,
        "/admin/manage-jobs/add",
        jobForm(`Result Day New Job ${Date.now()}`, "2099-12-31"),
      );
    }
    ms.push(performance.now() - started);
    if (res.status === 302 || res.status === 303) done++;
    else failed++;
  }
  return { done, failed, ms };
}
