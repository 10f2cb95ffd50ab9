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
 * Ports the Fetch standard blocks ("bad ports"): fetch() and browsers refuse to connect to them,
 * so a test server there could never be asked anything. https://fetch.spec.whatwg.org/#port-blocking
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

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
    if (BAD_PORTS.has(port))
      throw new Error(`${envName}=${port} is a port browsers and fetch() refuse; choose another.`);
    if (!(await portIsFree(port))) {
      throw new Error(`Port ${port} is in use${hint}.`);
    }
    return port;
  }
  for (let i = 0; i < RANDOM_TRIES; i++) {
    const port = from + Math.floor(random() * (to - from));
    if (!BAD_PORTS.has(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`No free port among ${RANDOM_TRIES} random tries in ${from}-${to - 1}${hint}.`);
}
