import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL server from Debian's `postgresql` package, in a temporary directory,
 * for the test run only. As root it runs as the `postgres` user (initdb refuses root).
 */
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) {
    throw new Error(
      "PostgreSQL is not installed: run `apt-get install -y postgresql` (npm test does this for you) or set TEST_DATABASE_URL",
    );
  }
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version, "bin");
}

function run(cmd: string, args: string[], asPostgres: boolean) {
  const result = asPostgres
    ? spawnSync(
        "su",
        [
          "postgres",
          "-s",
          "/bin/sh",
          "-c",
          [cmd, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" "),
        ],
        { encoding: "utf8" },
      )
    : spawnSync(cmd, args, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${path.basename(cmd)} failed: ${result.stderr || result.stdout}`);
  }
}

export function startThrowawayPostgres(): ThrowawayPostgres {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "govjobs-pg-"));
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  run(
    `${bin}/initdb`,
    [
      "-D",
      `${dir}/data`,
      "-U",
      "postgres",
      "-A",
      "trust",
      "--no-sync",
      "-E",
      "UTF8",
      "--locale=C.UTF-8",
    ],
    asPostgres,
  );
  run(
    `${bin}/pg_ctl`,
    [
      "-D",
      `${dir}/data`,
      "-l",
      `${dir}/log`,
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "start",
    ],
    asPostgres,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(`${bin}/pg_ctl`, ["-D", `${dir}/data`, "-m", "immediate", "stop"], asPostgres);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
