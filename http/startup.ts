// The checks `npm start` and `npm run dev` make before anything is opened, forked or written: the
// places the server keeps its files, the build, and the port. Each problem stops the process with
// one line (issue 26), the same as one process or as a cluster, and nothing of a server already
// running is touched by a start that fails. Run by Node 24 directly: type annotations only.
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { DatabaseTarget } from "../app/platform/env.server.ts";

/** A start-up problem, said in one line (server.ts prints it after "Cannot start govjobs: "). */
export class StartupError extends Error {}

/**
 * Why the process cannot start, or cannot go on: one plain line on stderr, for the person who
 * started it (e2e/startup.test.ts reads exactly one), then the caller exits with code 1. Not
 * through the logger: the configuration the logger reads may be what is wrong, and a line a
 * person reads at a terminal is not JSON. The only console call of the process folder.
 */
export function printFatal(line: string): void {
  console.error(line);
}

/** The one line for any error that stops the start (the message alone, never a stack trace). */
export function startupMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (/^(Invalid configuration|Cannot start govjobs): /.test(message)) return message;
  return `Cannot start govjobs: ${message.split("\n")[0]}`;
}

/** Why a path cannot be used as a folder: the first part of it that is a file, or the error. */
function whyNotAFolder(dir: string, err: NodeJS.ErrnoException): string {
  if (err.code === "EEXIST" || err.code === "ENOTDIR") {
    for (let at = dir; at !== path.dirname(at); at = path.dirname(at))
      if (existsSync(at) && !statSync(at).isDirectory())
        return at === dir ? "it is a file, not a folder" : `${at} is a file, not a folder`;
  }
  if (err.code === "EACCES" || err.code === "EPERM") return "no permission to create or write it";
  if (err.code === "EROFS") return "the file system is read-only";
  return err.message;
}

/** A folder the server writes in: made when missing, refused when it cannot be one or written. */
export function ensureFolder(dir: string, setting: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory())
      throw Object.assign(new Error("not a folder"), { code: "EEXIST" });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new StartupError(
      `${setting} cannot be used: ${whyNotAFolder(dir, err as NodeJS.ErrnoException)}.`,
    );
  }
}

/**
 * The data folder, and the place of the generated auth secret in it (read before the
 * configuration is complete, so checked first).
 */
export function checkDataDir(dataDir: string, env: Record<string, string | undefined>): void {
  ensureFolder(dataDir, `DATA_DIR=${dataDir}`);
  const secret = path.join(dataDir, "auth-secret");
  if (!env.AUTH_SECRET && existsSync(secret) && !statSync(secret).isFile())
    throw new StartupError(
      `${secret} is a folder, where the generated auth secret is kept in a file: remove it, or set AUTH_SECRET.`,
    );
}

/**
 * A SQLite database's folder is made when missing (as DATA_DIR is), in both process modes: the
 * cluster's primary writes its pid file there before any worker opens the database.
 */
export function checkDatabaseLocation(target: DatabaseTarget, setting: string | undefined): void {
  if (target.dialect !== "sqlite") return;
  const named = setting ? `DATABASE_URL=${setting}` : `the database ${target.file}`;
  ensureFolder(path.dirname(target.file), named);
  if (existsSync(target.file) && statSync(target.file).isDirectory())
    throw new StartupError(`${named} cannot be used: it is a folder, not a database file.`);
}

/** The production build the server loads. */
export function checkBuild(buildDir: string): void {
  if (!existsSync(path.join(buildDir, "server", "index.js")))
    throw new StartupError(
      `there is no build in ${buildDir}/ (run npm run build first, or set BUILD_DIR to where it is).`,
    );
}

/** The line for an error of listening on the port. */
export function listenProblem(err: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host}:${port}`;
  if (err.code === "EADDRINUSE")
    return `port ${port} is in use (${where}). Set PORT to a free port.`;
  if (err.code === "EACCES") return `no permission to listen on ${where}. Use a port above 1024.`;
  return `cannot listen on ${where}: ${err.message}`;
}

/**
 * Refuses a port somebody already listens on, before the database is opened or any file written:
 * a second `npm start` beside a running server must leave that server's files alone. (The server
 * binds the port itself later; one that is taken in between still stops with the same line.)
 */
export function refuseTakenPort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err: NodeJS.ErrnoException) =>
      reject(new StartupError(listenProblem(err, host, port))),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
