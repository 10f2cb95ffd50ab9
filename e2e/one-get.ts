import http, { type IncomingHttpHeaders } from "node:http";

/**
 * What one GET came to. "complete": the whole body arrived; "refused": nobody accepted the
 * connection; "reset": it was dropped before any answer; "broken": an answer began and did not
 * finish, or nothing came for 20 s (the outcomes a graceful shutdown must not have).
 */
export type OneGet = {
  /** When the whole request had been handed to the kernel (performance.now()). */
  sentAt?: number;
} & (
  | { kind: "complete"; status: number; headers: IncomingHttpHeaders; body: string }
  | { kind: "refused" | "reset" | "broken"; status?: number; body: string; error: string }
);

/** One GET on a connection of its own (no keep-alive: a cluster's primary hands each to a worker). */
export function getOnce(url: string): Promise<OneGet> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let sentAt: number | undefined;
    let body = "";
    const fail = (err: NodeJS.ErrnoException) => {
      const kind =
        status !== undefined
          ? "broken"
          : err.code === "ECONNREFUSED"
            ? "refused"
            : err.code === "ECONNRESET"
              ? "reset"
              : "broken";
      resolve({ kind, status, body, sentAt, error: `${err.code ?? ""} ${err.message}` });
    };
    const req = http.get(url, { agent: false, timeout: 20_000 }, (res) => {
      status = res.statusCode;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("error", fail);
      res.on("end", () => {
        if (res.complete)
          resolve({ kind: "complete", status: status!, headers: res.headers, body, sentAt });
        else fail(new Error("the answer stopped before its end"));
      });
    });
    // The whole request is with the kernel, and so in the server's socket buffer (localhost).
    req.on("finish", () => (sentAt = performance.now()));
    req.on("timeout", () => req.destroy(new Error("no answer within 20 s")));
    req.on("error", fail);
  });
}
