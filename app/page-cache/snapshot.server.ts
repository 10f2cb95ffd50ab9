import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import type { CachedResponse } from "./response.server.ts";

/**
 * The page cache kept across a restart (issue 33, warm after a restart). At shutdown a worker
 * writes its fresh pages (the compressed copies, their scopes, least recently used first) with the
 * build and the content generation and day they were drawn under; the next start of that worker
 * with the same build takes the file (removing it: a copy is used once) and stores the pages as
 * if it had run since, then follows the writes made in between (followContentChanges from that
 * generation: pages they name are dropped, lists they appear in are served stale and drawn
 * again; a new day or missing rows empty the cache). A new build's pages name other scripts, so
 * another build's file is thrown away; the hot list (hot-pages.server.ts) is drawn after it for
 * what the file did not hold. A crash writes nothing: the next start draws the hot list.
 */
export interface Snapshot {
  /** React Router's build version: pages name that build's scripts and stylesheet. */
  build: string;
  /** The content generation and India's day the pages were drawn under. */
  content: number;
  day: string;
  pages: [key: string, response: CachedResponse, scopes: readonly string[]][];
}

const FORMAT = 1;

/** Write `snapshot` to `file` (whole or not at all: a temporary file renamed into place). */
export async function saveSnapshot(file: string, snapshot: Snapshot): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serialize({ format: FORMAT, ...snapshot }));
  await rename(temporary, file);
}

/**
 * The snapshot at `file` if it was written by this build, removing the file whatever it holds;
 * undefined when there is none, it is another build's or it cannot be read.
 */
export async function takeSnapshot(file: string, build: string): Promise<Snapshot | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
    // A file that cannot be removed is not used: it would be used again at every start.
    await rm(file, { force: true });
  } catch {
    return undefined;
  }
  try {
    const read = deserialize(bytes) as Partial<Snapshot> & { format?: unknown };
    if (
      read.format !== FORMAT ||
      read.build !== build ||
      typeof read.content !== "number" ||
      typeof read.day !== "string" ||
      !Array.isArray(read.pages)
    )
      return undefined;
    return { build, content: read.content, day: read.day, pages: read.pages };
  } catch {
    return undefined;
  }
}
