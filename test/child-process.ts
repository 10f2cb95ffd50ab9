import { spawn } from "node:child_process";

/**
 * A test script (`test/<name>.ts ARGS…`) in a process of its own, as a cluster worker or another
 * instance would run the code: `ready` once it has connected (it prints "ready"), `go(line)` sends
 * it one line to start, and `done` has its exit code, everything it printed and its last line.
 */
export function startChild(script: string, args: string[]) {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", script, ...args], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let signalReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (signalReady = resolve));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("ready\n")) signalReady();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const done = new Promise<{ code: number | null; output: string; last: string }>((resolve) =>
    child.once("exit", (code) => {
      signalReady();
      const lines = output.trim().split("\n");
      resolve({ code, output, last: lines[lines.length - 1] });
    }),
  );
  return { ready, done, go: (line = "go") => child.stdin.end(`${line}\n`) };
}
