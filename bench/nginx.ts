import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { waitFor, type Sent } from "./lib.ts";

/**
 * nginx (one worker) serving the given pages as static files with their encoding (`nginx.path(i)`,
 * e.g. /br/p0): the same bytes and Content-Encoding the app answered, for a "vs nginx" row. Stop
 * it with `stop()`.
 */
export async function startNginx(pages: Sent[], port: number) {
  const root = mkdtempSync(path.join(tmpdir(), "govjobs-nginx-"));
  // nginx's workers run as an unprivileged user: they must be able to read the files.
  chmodSync(root, 0o755);
  const encodings = [...new Set(pages.map((p) => p.encoding))];
  for (const e of encodings) {
    mkdirSync(path.join(root, e));
    chmodSync(path.join(root, e), 0o755);
  }
  pages.forEach((p, i) => writeFileSync(path.join(root, p.encoding, `p${i}`), p.bytes));
  const locations = encodings
    .filter((e) => e !== "identity")
    .map(
      (e) =>
        `location /${e}/ { add_header Content-Encoding ${e}; add_header Vary Accept-Encoding; }`,
    )
    .join(" ");
  writeFileSync(
    path.join(root, "nginx.conf"),
    `worker_processes 1; daemon off; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000; default_type text/html;
  server { listen 127.0.0.1:${port}; root ${root}; ${locations} } }`,
  );
  const nginx = spawn("/usr/sbin/nginx", ["-c", path.join(root, "nginx.conf"), "-p", root], {
    stdio: "ignore",
  });
  process.once("exit", () => nginx.kill("SIGKILL"));
  const pathOf = (i: number) => `/${pages[i].encoding}/p${i}`;
  await waitFor(`http://127.0.0.1:${port}${pathOf(0)}`, nginx);
  return {
    base: `http://127.0.0.1:${port}`,
    path: pathOf,
    async stop() {
      if (nginx.exitCode === null) {
        nginx.kill("SIGQUIT");
        await new Promise((r) => nginx.once("exit", r));
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
