import net from "node:net";

/**
 * Ports for the servers the tests start. A port somebody else already listens on must fail at
 * once: otherwise the start-up wait polls /healthz for a minute against a stranger's server, or,
 * worse, finds another govjobs there and runs the tests against it.
 */

/** Whether a server could listen on `port` of 127.0.0.1, where the test servers listen. */
export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EADDRINUSE" || err.code === "EACCES") resolve(false);
      else reject(err);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export interface PortChoice {
  /** A port asked for by the environment (e.g. E2E_PORT): used as it is, or refused. */
  fixed?: string;
  /** The environment variable that can fix the port, named in the error messages. */
  envName?: string;
  /** The range random ports come from, `from` included, `to` not. */
  from: number;
  to: number;
  /** Random numbers in [0, 1), replaceable in tests. */
  random?: () => number;
}

const RANDOM_TRIES = 20;

/**
 * The port to start a test server on: the fixed one if the environment names it (an error at once
 * if it is taken or not a port), else a random free one from the range.
 */
export async function choosePort({
  fixed,
  envName,
  from,
  to,
  random = Math.random,
}: PortChoice): Promise<number> {
  const hint = envName ? `; set ${envName} to a free port` : "";
  if (fixed !== undefined && fixed.trim() !== "") {
    const port = Number(fixed);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`${envName}="${fixed}" is not a port; give a number from 1 to 65535.`);
    }
    if (!(await portIsFree(port))) {
      throw new Error(`Port ${port} is in use${hint}.`);
    }
    return port;
  }
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const port = from + Math.floor(random() * (to - from));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`No free port among ${RANDOM_TRIES} random tries in ${from}-${to - 1}${hint}.`);
}
