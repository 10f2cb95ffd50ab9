import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { choosePort, portIsFree } from "./ports.ts";

/** A listener on a port the system picks, as somebody else's server would be. */
async function occupied(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("ports for the test servers", () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it("refuses at once a fixed port somebody listens on, naming the variable to change", async () => {
    const taken = await occupied();
    open.push(taken);
    expect(await portIsFree(taken.port)).toBe(false);
    await expect(
      choosePort({ fixed: String(taken.port), envName: "E2E_PORT", from: 31_000, to: 40_000 }),
    ).rejects.toThrow(`Port ${taken.port} is in use; set E2E_PORT to a free port.`);
  });

  it("takes a fixed port that is free, and refuses one that is not a port", async () => {
    const was = await occupied();
    await was.close();
    const choice = { envName: "E2E_PORT", from: 31_000, to: 40_000 };
    expect(await choosePort({ ...choice, fixed: String(was.port) })).toBe(was.port);
    await expect(choosePort({ ...choice, fixed: "80a" })).rejects.toThrow(
      'E2E_PORT="80a" is not a port',
    );
  });

  // What broke: the cluster test drew 4190 from 4150-4200, a port fetch() refuses ("bad port",
  // the Fetch standard's list), and waited a minute for /healthz it could never ask.
  it("never draws a port fetch() refuses, and refuses one asked for", async () => {
    const draws = [(4190 - 4150 + 0.5) / 50, (4151 - 4150 + 0.5) / 50];
    const port = await choosePort({ from: 4150, to: 4200, random: () => draws.shift() ?? 0 });
    expect(port).toBe(4151);
    await expect(
      choosePort({ envName: "E2E_PORT", fixed: "6000", from: 1, to: 2 }),
    ).rejects.toThrow("E2E_PORT=6000 is a port browsers and fetch() refuse");
  });

  it("draws another random port when the first is taken", async () => {
    const taken = await occupied();
    open.push(taken);
    const free = await occupied();
    await free.close();
    // The range holds both ports; the first draw lands on the taken one, the second on the other.
    const from = Math.min(taken.port, free.port);
    const to = Math.max(taken.port, free.port) + 1;
    const draws = [taken.port, free.port].map((p) => (p - from + 0.5) / (to - from));
    const port = await choosePort({ from, to, random: () => draws.shift() ?? 0 });
    expect(port).toBe(free.port);
    expect(draws).toEqual([]);
  });
});

describe("the server on a port in use", () => {
  it("says so in one line and exits 1, without a stack trace", async () => {
    const taken = await occupied();
    try {
      const { spawnSync } = await import("node:child_process");
      const r = spawnSync(process.execPath, ["server.ts"], {
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(taken.port),
          HOST: "127.0.0.1",
          BASE_URL: `http://127.0.0.1:${taken.port}`,
          DATABASE_URL: `file:${(await import("node:os")).tmpdir()}/govjobs-port-${taken.port}.db`,
          WEB_CONCURRENCY: "1",
        },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        `Cannot start govjobs: port ${taken.port} is in use (127.0.0.1:${taken.port}). Set PORT to a free port.`,
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await taken.close();
    }
  });
});
