import { rmSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIND_LIST } from "~/content/registry.ts";
import { openDatabase } from "~/platform/db/db.server.ts";
import { dataPath, formEndpoints, type FormEndpoint } from "./form-endpoints.ts";
import { createUser, signIn, untilHealthy } from "./instances.ts";
import { spawnServer, type Spawned } from "./spawn-server.ts";

/**
 * The HTTP edge, attacked from outside (issue 25): bodies no form sends, methods nobody serves,
 * request lines a proxy would send. Nothing of it may reach a 500 or leave a stack trace in the
 * log. On a server of its own, whose log the test reads.
 */
const ADMIN = { email: "edge-admin@govjobs.test", password: "Edge-of-the-forms-42" };

/** Bodies no browser's form sends, each with the Content-Type it claims. */
const MALFORMED: { name: string; type?: string; body: string }[] = [
  { name: "multipart, garbage", type: "multipart/form-data; boundary=xyz", body: "garbage" },
  { name: "multipart, no boundary", type: "multipart/form-data", body: "a=1" },
  {
    name: "multipart, cut off",
    type: "multipart/form-data; boundary=xyz",
    body: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a value',
  },
  { name: "JSON, broken", type: "application/json", body: '{"title":' },
  { name: "JSON, valid but not a form", type: "application/json", body: '{"title":"x"}' },
  { name: "plain text", type: "text/plain", body: "title=x" },
  { name: "no type", body: "title=x" },
];

let server: Spawned;
let cookie: string;
let endpoints: FormEndpoint[];

/** A raw request over a socket of its own; resolves with the status line and the whole answer. */
function raw(port: number, request: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }),
    );
    socket.on("error", reject);
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${request}`)));
    socket.write(request);
  });
}

beforeAll(async () => {
  server = await spawnServer({
    env: { SEED_DEMO: "1", LOG_LEVEL: "info", SEARCH_RATE_LIMIT: "999999/1m" },
    prepare: (env) => createUser(env, ADMIN.email, ADMIN.password, true),
    // Restarted on the same data below, to read its log: removed in afterAll.
    keepData: true,
  });
  await untilHealthy(server.baseURL, server.child, server.output);
  cookie = await signIn(server.baseURL, ADMIN.email, ADMIN.password);
  // Real addresses, so each action is reached as an editor reaches it.
  const database = openDatabase({ dialect: "sqlite", file: `${server.dataDir}/spawned.db` });
  const entries = await database.db
    .selectFrom("entries")
    .select(["id", "kind", "slug"])
    .where("status", "=", "published")
    .execute()
    .finally(() => database.close());
  const byKind = (segment: string, by: "urlPrefix" | "adminSegment") => {
    const kind = KIND_LIST.find((k) => segment === k[by].replace(/^\//, ""))?.kind;
    const entry = entries.find((e) => e.kind === kind);
    if (!entry) throw new Error(`no published entry of the kind at ${segment}`);
    return entry;
  };
  endpoints = formEndpoints((param, routePath) => {
    const segments = routePath.replace(/^hi\//, "").split("/");
    // better-auth's own endpoints behind /api/auth/*: one that takes a body.
    if (param === "*") return routePath.startsWith("api/auth") ? "sign-in/email" : "anything";
    if (param === ":id") return byKind(segments[1], "adminSegment").id;
    if (routePath.includes("manage-site-pages")) return "about-us";
    // A photo preset the migration adds (its key is what jobs name it by).
    if (routePath.includes("photo-presets")) return "ibps";
    return byKind(segments[0], "urlPrefix").slug;
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

describe("malformed bodies on every form endpoint", () => {
  it("finds the form endpoints in the route table (both languages, pages and resources)", () => {
    const paths = endpoints.map((e) => e.path);
    for (const expected of [
      "/contact-us",
      "/hi/contact-us",
      "/eligibility",
      "/alerts",
      "/admin/login",
      "/admin/files",
      "/alerts/push",
      "/api/auth/sign-in/email",
    ])
      expect(paths).toContain(expected);
    expect(paths.some((p) => /^\/admin\/manage-jobs\/edit\/./.test(p))).toBe(true);
    expect(paths.some((p) => /^\/hi\/jobs\/./.test(p))).toBe(true);
    expect(endpoints.length).toBeGreaterThanOrEqual(30);
  });

  it("answers each with 400 or 415, never 500, signed in and with this site's Origin", async () => {
    const answers: string[] = [];
    for (const endpoint of endpoints) {
      const targets = endpoint.page ? [endpoint.path, dataPath(endpoint)] : [endpoint.path];
      for (const target of targets)
        for (const bad of MALFORMED) {
          const res = await fetch(server.baseURL + target, {
            method: "POST",
            redirect: "manual",
            headers: {
              cookie,
              origin: server.baseURL,
              ...(bad.type ? { "content-type": bad.type } : {}),
            },
            body: bad.type ? bad.body : new Blob([bad.body]),
          });
          await res.arrayBuffer();
          answers.push(`${res.status} ${target} (${bad.name})`);
        }
    }
    // JSON endpoints take valid JSON; every other answer is a refusal of the body.
    const wrong = answers.filter((line) => {
      const status = Number(line.slice(0, 3));
      if (/JSON, valid/.test(line) && /^\S+ \/(?:alerts\/push|api\/auth\/)/.test(line.slice(4)))
        return status >= 500;
      return status !== 400 && status !== 415;
    });
    expect(wrong).toEqual([]);
  });

  it("leaves no stack trace and no 500 in the server's log", async () => {
    // The log is written in blocks: stopping the server flushes it. Started again on the same
    // data for the tests below, whatever the log says.
    await server.stop();
    const log = server.output();
    server = await spawnServer({
      env: { DATA_DIR: server.dataDir, DATABASE_URL: `file:${server.dataDir}/spawned.db` },
    });
    await untilHealthy(server.baseURL, server.child, server.output);
    expect(log).not.toMatch(/"stack"/);
    expect(log).not.toMatch(/"status":5\d\d/);
  });
});

describe("methods and request lines nobody serves", () => {
  it("answers TRACE, unknown and unused methods with 405 and the methods that are served", async () => {
    for (const [method, target] of [
      ["TRACE", "/"],
      ["PUT", "/contact-us"],
      ["PATCH", "/contact-us"],
      ["PROPFIND", "/"],
      ["PURGE", "/jobs"],
      ["OPTIONS", "/"],
      ["OPTIONS", "*"],
      ["CONNECT", "evil.example:443"],
    ]) {
      const res = await raw(
        server.port,
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status, `${method} ${target}`).toBe(405);
      expect(res.text, `${method} ${target}`).toMatch(/\r\nAllow: GET, HEAD, POST, DELETE\r\n/i);
    }
    // A method Node's parser does not know never reaches the app.
    for (const method of ["FOO", "TRACK"]) {
      const made = await raw(
        server.port,
        `${method} / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(made.status, method).toBe(400);
    }
  });

  it("does not let such a request break the page it named (a later render of it still works)", async () => {
    await raw(
      server.port,
      `PURGE /privacy-policy HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    // A signed-in visitor's request is rendered, never served from the page cache.
    const res = await fetch(`${server.baseURL}/privacy-policy`, { headers: { cookie } });
    expect(res.status).toBe(200);
  });

  it("refuses an absolute-form request line whose host is not the Host header, and serves one that agrees as its path", async () => {
    const host = `127.0.0.1:${server.port}`;
    const evil = await raw(
      server.port,
      `GET http://evil.example/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(evil.status).toBe(400);
    // A target and a Host that agree are served as the path, as the same request in origin form
    // would be (RFC 9112 3.2.2: a server must accept the absolute form).
    // Our own host, in absolute form: the page at that path, from the same cache entry.
    await fetch(`${server.baseURL}/jobs`);
    expect((await fetch(`${server.baseURL}/jobs`)).headers.get("x-cache")).toBe("HIT");
    const ours = await raw(
      server.port,
      `GET http://${host}/jobs HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    expect(ours.status).toBe(200);
    expect(ours.text).toMatch(/\r\nx-cache: HIT\r\n/i);
    // Nothing was kept under an absolute address.
    const health = (await (await fetch(`${server.baseURL}/healthz`)).json()) as {
      pageCache: { entries: number };
    };
    const before = health.pageCache.entries;
    await raw(
      server.port,
      `GET http://evil.example/about-us HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    const after = (await (await fetch(`${server.baseURL}/healthz`)).json()) as {
      pageCache: { entries: number };
    };
    expect(after.pageCache.entries).toBe(before);
  });
});
