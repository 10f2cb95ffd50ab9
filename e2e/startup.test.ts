import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilHealthy } from "./instances.ts";
import { spawnServer } from "./spawn-server.ts";

/**
 * Start-up that fails in one line (issue 26): every bad location or setting stops `npm start`
 * with one line and exit code 1, as one process (WEB_CONCURRENCY=1) and as a cluster (2), never a
 * stack trace; and a start that fails never touches the files of a server already running.
 */
const MODES = ["1", "2"] as const;

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "govjobs-startup-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder of its own for one case, with a regular file named `file` in it. */
function place(name: string): { dir: string; file: string } {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "file");
  writeFileSync(file, "a regular file\n");
  return { dir, file };
}

/** Starts the server with these settings and waits for it to stop; it must stop by itself. */
async function failedStart(env: Record<string, string | undefined>) {
  const server = await spawnServer({ env, keepData: true });
  const timer = setTimeout(() => void server.stop(), 50_000);
  const { code } = await server.exited;
  clearTimeout(timer);
  return { code, stderr: server.stderr(), output: server.output() };
}

function expectOneLine(
  result: { code: number | null; stderr: string; output: string },
  words: RegExp,
) {
  expect(result.code, result.output).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.output).toHaveLength(1);
  expect(lines[0]).toMatch(/^(Cannot start govjobs: |Invalid configuration: )/);
  expect(lines[0]).toMatch(words);
  expect(result.output).not.toMatch(/\n\s+at |node:internal|Error: /);
}

const CASES: {
  name: string;
  env: (dir: string, file: string) => Record<string, string | undefined>;
  says: RegExp;
}[] = [
  {
    name: "DATA_DIR under a regular file",
    env: (dir, file) => ({ DATA_DIR: `${file}/data`, DATABASE_URL: `file:${dir}/x.db` }),
    says: /DATA_DIR.*file\/data.*not a folder/,
  },
  {
    name: "DATA_DIR is a regular file",
    env: (dir, file) => ({ DATA_DIR: file, DATABASE_URL: `file:${dir}/x.db` }),
    says: /DATA_DIR.*not a folder/,
  },
  {
    name: "the auth secret's place is a folder",
    env: (dir) => {
      mkdirSync(path.join(dir, "data", "auth-secret"), { recursive: true });
      return { DATA_DIR: path.join(dir, "data"), DATABASE_URL: `file:${dir}/x.db` };
    },
    says: /auth-secret/,
  },
  {
    name: "the SQLite file under a regular file",
    env: (dir, file) => ({ DATA_DIR: dir, DATABASE_URL: `file:${file}/x.db` }),
    says: /DATABASE_URL.*not a folder/,
  },
  {
    name: "the SQLite file is a folder",
    env: (dir) => {
      mkdirSync(path.join(dir, "db.sqlite"));
      return { DATA_DIR: dir, DATABASE_URL: `file:${dir}/db.sqlite` };
    },
    says: /DATABASE_URL.*is a folder/,
  },
  {
    name: "the SQLite file is not a database",
    env: (dir) => {
      writeFileSync(path.join(dir, "text.db"), "not a database, just text ".repeat(100));
      return { DATA_DIR: dir, DATABASE_URL: `file:${dir}/text.db` };
    },
    says: /not a database/,
  },
  {
    name: "PostgreSQL that nobody answers",
    env: (dir) => ({ DATA_DIR: dir, DATABASE_URL: "postgres://govjobs:x@127.0.0.1:9/govjobs" }),
    says: /ECONNREFUSED|connect/,
  },
  {
    name: "no build",
    env: (dir) => ({ DATA_DIR: dir, BUILD_DIR: "no-such-build" }),
    says: /no-such-build.*npm run build/,
  },
  {
    name: "a port that is not one",
    env: (dir) => ({ DATA_DIR: dir, PORT: "99999" }),
    says: /PORT/,
  },
  {
    name: "a database URL of another kind",
    env: (dir) => ({ DATA_DIR: dir, DATABASE_URL: "mysql://root@localhost/govjobs" }),
    says: /DATABASE_URL/,
  },
];

describe("a bad location or setting", () => {
  for (const c of CASES)
    it(`stops with one line, in both process modes: ${c.name}`, async () => {
      const results = await Promise.all(
        MODES.map(async (mode) => {
          const { dir, file } = place(`${c.name.replace(/\W+/g, "-")}-${mode}`);
          return {
            mode,
            result: await failedStart({ ...c.env(dir, file), WEB_CONCURRENCY: mode }),
          };
        }),
      );
      for (const { mode, result } of results) {
        expect(mode).toBeDefined();
        expectOneLine(result, c.says);
      }
    });
});

describe("a SQLite file in a folder that does not exist yet", () => {
  it("creates the folder and starts, in both process modes", async () => {
    await Promise.all(
      MODES.map(async (mode) => {
        const { dir } = place(`new-folder-${mode}`);
        const database = path.join(dir, "new", "deeper", "x.db");
        const server = await spawnServer({
          env: { DATA_DIR: dir, DATABASE_URL: `file:${database}`, WEB_CONCURRENCY: mode },
          keepData: true,
        });
        try {
          await untilHealthy(server.baseURL, server.child, server.output);
          expect(existsSync(database), mode).toBe(true);
          expect(readFileSync(`${database}.pid`, "utf8").trim(), mode).toBe(
            String(server.child.pid),
          );
        } finally {
          await server.stop();
        }
        expect(server.output()).not.toMatch(/\n\s+at /);
      }),
    );
  });
});

describe("a second start on a port in use", () => {
  it("stops with one line and leaves the running server's files alone, in both process modes", async () => {
    const { dir } = place("taken-port");
    const database = path.join(dir, "x.db");
    const running = await spawnServer({
      env: { DATA_DIR: dir, DATABASE_URL: `file:${database}`, WEB_CONCURRENCY: "1" },
      keepData: true,
    });
    try {
      await untilHealthy(running.baseURL, running.child, running.output);
      const pidFile = `${database}.pid`;
      const mark = () => ({
        text: readFileSync(pidFile, "utf8"),
        mtime: statSync(pidFile).mtimeMs,
      });
      const before = mark();
      expect(before.text.trim()).toBe(String(running.child.pid));
      for (const mode of MODES) {
        const second = await failedStart({
          DATA_DIR: dir,
          DATABASE_URL: `file:${database}`,
          PORT: String(running.port),
          WEB_CONCURRENCY: mode,
        });
        expectOneLine(second, new RegExp(`port ${running.port} is in use`));
        expect(mark(), `after a second start with WEB_CONCURRENCY=${mode}`).toEqual(before);
      }
      expect((await fetch(`${running.baseURL}/healthz`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });
});
