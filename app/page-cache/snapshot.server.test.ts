import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CachedResponse } from "./response.server.ts";
import { saveSnapshot, takeSnapshot, type Snapshot } from "./snapshot.server.ts";

const dirs: string[] = [];
const fileIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "govjobs-snapshot-"));
  dirs.push(dir);
  return path.join(dir, "page-cache", "worker-0.v8");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const page = (text: string) =>
  ({
    gzip: Buffer.from(`gz ${text}`),
    br: Buffer.from(`br ${text}`),
    plainLength: 9,
  }) as unknown as CachedResponse;
const snapshot = (build = "b1"): Snapshot => ({
  build,
  content: 41,
  day: "2026-11-27",
  pages: [
    ["/jobs", page("jobs"), ["kind:/jobs"]],
    ["/hi", page("हिंदी"), ["home"]],
  ],
});

describe("the page cache kept across a restart", () => {
  it("gives back what was kept, buffers and scopes in order, once", async () => {
    const file = fileIn();
    await saveSnapshot(file, snapshot());
    const taken = await takeSnapshot(file, "b1");
    expect(taken).toMatchObject({ build: "b1", content: 41, day: "2026-11-27" });
    expect(taken!.pages.map(([key, , scopes]) => [key, scopes])).toEqual([
      ["/jobs", ["kind:/jobs"]],
      ["/hi", ["home"]],
    ]);
    expect(Buffer.isBuffer(taken!.pages[1]![1].br)).toBe(true);
    expect(taken!.pages[1]![1].br.toString()).toBe("br हिंदी");
    // Used once: the file is gone.
    expect(existsSync(file)).toBe(false);
    expect(await takeSnapshot(file, "b1")).toBeUndefined();
  });

  it("throws away another build's pages, and a file it cannot read", async () => {
    const file = fileIn();
    await saveSnapshot(file, snapshot("b0"));
    expect(await takeSnapshot(file, "b1")).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    writeFileSync(file, "not a snapshot");
    expect(await takeSnapshot(file, "b1")).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it("does not use a file it cannot remove", async () => {
    const file = fileIn();
    await saveSnapshot(file, snapshot());
    chmodSync(path.dirname(file), 0o500);
    try {
      // (Root ignores the mode: then the file is taken and removed as usual.)
      const taken = await takeSnapshot(file, "b1");
      expect(taken === undefined).toBe(existsSync(file));
    } finally {
      chmodSync(path.dirname(file), 0o700);
    }
  });

  it("answers nothing when there is no file", async () => {
    expect(await takeSnapshot(fileIn(), "b1")).toBeUndefined();
  });
});
