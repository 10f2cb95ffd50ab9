// A cached page's answer to a request, for both the fast path (serve.server.ts's answerHit, on the
// socket) and the Express path: 304 when the client's ETag matches, else the body in the best
// encoding the client accepts, with the headers every answer carries.
import type { IncomingMessage } from "node:http";
import { etagMatches } from "./etag.ts";
import { chooseEncoding, type CachedResponse } from "./response.server.ts";

type Encoding = ReturnType<typeof chooseEncoding>;

export function cachedAnswers({
  staticHeaders,
  noScriptCsp,
  plain,
}: {
  /** The security headers every response carries (the process's own: http/security-headers.ts). */
  staticHeaders: [string, string][];
  /**
   * The Content-Security-Policy of a body without inline scripts; undefined leaves the header out
   * (CSP=0, debugging only).
   */
  noScriptCsp: string | undefined;
  /** The entry's body unzipped (the cache keeps one plain copy per page asked for plain). */
  plain: (key: string, entry: CachedResponse) => Buffer;
}) {
  /**
   * What a cached response answers to this request, for both the fast path and the Express path:
   * 304 when the client's ETag matches, else the body in the best encoding the client accepts.
   */
  function cachedAnswer(
    method: string,
    requestHeaders: IncomingMessage["headers"],
    key: string,
    entry: CachedResponse,
    xCache: string,
  ): { status: number; headers: [string, string][]; payload?: Buffer } {
    if (entry.status === 200 && etagMatches(requestHeaders["if-none-match"], entry.etag)) {
      return { status: 304, headers: commonHeaders(entry, xCache) };
    }
    const encoding = chooseEncoding(requestHeaders["accept-encoding"]);
    return {
      status: entry.status,
      headers: encodedHeaders(entry, encoding, xCache),
      payload: method === "HEAD" ? undefined : payloadOf(key, entry, encoding),
    };
  }

  /** The headers of every answer from `entry`, 304 included. */
  function commonHeaders(entry: CachedResponse, xCache: string): [string, string][] {
    const headers: [string, string][] = [...entry.headers];
    headers.push(["etag", entry.etag], ["vary", "Accept-Encoding"], ["x-cache", xCache]);
    if (noScriptCsp !== undefined)
      headers.push(["content-security-policy", entry.csp ?? noScriptCsp]);
    return headers;
  }

  /** The headers of `entry`'s body in `encoding` (a HEAD's too: the length its GET would have). */
  function encodedHeaders(
    entry: CachedResponse,
    encoding: Encoding,
    xCache: string,
  ): [string, string][] {
    const headers = commonHeaders(entry, xCache);
    if (encoding !== "identity") headers.push(["content-encoding", encoding]);
    const length = encoding === "identity" ? entry.plainLength : entry[encoding].length;
    headers.push(["content-length", String(length)]);
    return headers;
  }

  function payloadOf(key: string, entry: CachedResponse, encoding: Encoding): Buffer {
    return encoding === "identity" ? plain(key, entry) : entry[encoding];
  }

  const hitHeaderMemo = new WeakMap<CachedResponse, Partial<Record<Encoding, string[]>>>();

  /** A cached response's full header list for a hit in one encoding, built once per entry. */
  function hitHeaders(entry: CachedResponse, encoding: Encoding): string[] {
    let memo = hitHeaderMemo.get(entry);
    if (!memo) hitHeaderMemo.set(entry, (memo = {}));
    return (memo[encoding] ??= [
      ...staticHeaders,
      ...encodedHeaders(entry, encoding, "HIT"),
    ].flat());
  }

  return { cachedAnswer, hitHeaders, payloadOf, staticHeaders };
}
