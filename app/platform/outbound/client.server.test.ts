import http from "node:http";
import net, { type AddressInfo, type LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOutboundUrl, outboundRequest, WEB_PORTS } from "./client.server.ts";

// Issue 25: the server reached loopback and private services through URLs others gave it. The
// "inner" listener plays such a service: every test ends with it having seen no connection.

let connections = 0;
const inner = net.createServer((socket) => {
  connections++;
  socket.destroy();
});
/** What the local "remote" server saw, per path. */
const seen: { path: string; method: string; body: string }[] = [];
const remote = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    seen.push({
      path: req.url ?? "",
      method: req.method ?? "",
      body: Buffer.concat(chunks).toString(),
    });
    const to = (location: string, status = 302) => {
      res.writeHead(status, { Location: location });
      res.end();
    };
    switch (req.url) {
      case "/hello":
        res.writeHead(200, { "Content-Type": "text/plain", "X-Twice": ["a", "b"] });
        return res.end("hello, world");
      case "/inward":
        return to(`http://127.0.0.1:${innerPort}/internal-only`);
      case "/inward-by-name":
        return to(`http://inward.test:${innerPort}/internal-only`);
      case "/hop1":
        return to("/hop2", 301);
      case "/hop2":
        return to(`${remoteOrigin}/hello`, 307);
      case "/loop":
        return to("/loop");
      case "/see-other":
        return to("/hello", 303);
      case "/no-location":
        res.writeHead(302);
        return res.end();
      case "/huge-header":
        res.writeHead(200, { "X-Big": "x".repeat(20_000) });
        return res.end();
      case "/slow":
        return; // never answers
      default:
        res.writeHead(404);
        res.end("SECRET-INTERNAL-DATA");
    }
  });
});
let innerPort = 0;
let remotePort = 0;
let remoteOrigin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => inner.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => remote.listen(0, "127.0.0.1", resolve));
  innerPort = (inner.address() as AddressInfo).port;
  remotePort = (remote.address() as AddressInfo).port;
  remoteOrigin = `http://127.0.0.1:${remotePort}`;
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
  await new Promise((resolve) => inner.close(resolve));
});

/** A resolver that answers every name with these addresses (DNS under the attacker's control). */
const resolvesTo =
  (...addresses: string[]): LookupFunction =>
  (_host, options, callback) => {
    const list = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
    if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  };

/** The inner listener's port allowed, so only the address rule stands between us and it. */
const innerPorts = () => ({ "http:": [innerPort], "https:": [innerPort] });
const local = () => [{ host: "127.0.0.1", port: remotePort }];

describe("outboundRequest refuses non-public addresses", () => {
  it("in every literal spelling, before connecting", async () => {
    const before = connections;
    for (const host of [
      "127.0.0.1",
      "127.1",
      "2130706433",
      "0x7f.1",
      "0x7f000001",
      "017700000001",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[::127.0.0.1]",
      "0.0.0.0",
    ]) {
      for (const scheme of ["https", "http"]) {
        const url = `${scheme}://${host}:${innerPort}/`;
        const result = await outboundRequest(url, {}, { ports: innerPorts(), allowLocal: [] });
        expect(result, url).toMatchObject({ ok: false, reason: "blocked-address" });
      }
    }
    for (const url of [
      "https://10.1.2.3/",
      "https://172.16.5.4/",
      "https://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/",
      "https://224.0.0.1/",
      "https://[fd00::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:10.0.0.1]/",
    ]) {
      const result = await outboundRequest(url, {}, { ports: WEB_PORTS, allowLocal: [] });
      expect(result, url).toMatchObject({ ok: false, reason: "blocked-address" });
    }
    expect(connections - before).toBe(0);
  });

  it("when a name resolves to one (localhost, or an allowed-looking host whose DNS answers loopback)", async () => {
    const before = connections;
    const ports = innerPorts();
    expect(
      await outboundRequest(`https://localhost:${innerPort}/`, {}, { ports, allowLocal: [] }),
    ).toMatchObject({ ok: false, reason: "blocked-address" });
    for (const answer of [["127.0.0.1"], ["::1"], ["93.184.215.14", "127.0.0.1"], ["10.0.0.7"]]) {
      const result = await outboundRequest(
        `https://fcm.googleapis.com:${innerPort}/fcm/send/x`,
        { method: "POST", body: Buffer.from("x") },
        { ports, allowLocal: [], lookup: resolvesTo(...answer) },
      );
      expect(result, answer.join()).toMatchObject({ ok: false, reason: "blocked-address" });
    }
    expect(connections - before).toBe(0);
  });
});

describe("outboundRequest rules", () => {
  it("takes only https on 443 by default; http on 80 too with WEB_PORTS", () => {
    const opts = { allowLocal: [] };
    expect(checkOutboundUrl("https://example.com/x", opts)).toMatchObject({ ok: true });
    expect(checkOutboundUrl("https://example.com:443/x", opts)).toMatchObject({ ok: true });
    expect(checkOutboundUrl("http://example.com/x", opts)).toMatchObject({ reason: "scheme" });
    expect(checkOutboundUrl("https://example.com:8443/", opts)).toMatchObject({ reason: "port" });
    expect(checkOutboundUrl("https://example.com:80/", opts)).toMatchObject({ reason: "port" });
    expect(checkOutboundUrl("ftp://example.com/", opts)).toMatchObject({ reason: "scheme" });
    expect(checkOutboundUrl("file:///etc/passwd", opts)).toMatchObject({ reason: "scheme" });
    expect(checkOutboundUrl("https://u:p@example.com/", opts)).toMatchObject({
      reason: "credentials",
    });
    expect(checkOutboundUrl("not a url", opts)).toMatchObject({ reason: "bad-url" });
    const web = { ports: WEB_PORTS, allowLocal: [] };
    expect(checkOutboundUrl("http://example.com/x", web)).toMatchObject({ ok: true });
    expect(checkOutboundUrl("http://example.com:8080/x", web)).toMatchObject({ reason: "port" });
  });

  it("lets a named local host through (tests), giving status and headers, the body only when asked", async () => {
    const plain = await outboundRequest(`${remoteOrigin}/hello`, {}, { allowLocal: local() });
    expect(plain).toMatchObject({ ok: true, status: 200, redirects: [], bodyTruncated: false });
    if (!plain.ok) throw new Error("refused");
    expect(plain.body.length).toBe(0);
    expect(plain.headers["content-type"]).toBe("text/plain");
    expect(plain.headers["x-twice"]).toBe("a, b");
    const prefix = await outboundRequest(
      `${remoteOrigin}/hello`,
      {},
      { allowLocal: local(), readBodyBytes: 5 },
    );
    expect(prefix).toMatchObject({ ok: true, bodyTruncated: true });
    if (prefix.ok) expect(prefix.body.toString()).toBe("hello");
    const whole = await outboundRequest(
      `${remoteOrigin}/hello`,
      {},
      { allowLocal: local(), readBodyBytes: 1000 },
    );
    if (whole.ok) expect(whole.body.toString()).toBe("hello, world");
    expect(whole).toMatchObject({ ok: true, bodyTruncated: false });
    // Another port on the same host is not named.
    expect(
      await outboundRequest(`http://127.0.0.1:${innerPort}/`, {}, { allowLocal: local() }),
    ).toMatchObject({ ok: false, reason: "scheme" });
  });

  it("follows no redirect by default: the 3xx is the answer and the inner service sees nothing", async () => {
    const before = connections;
    const result = await outboundRequest(
      `${remoteOrigin}/inward`,
      { method: "POST", body: Buffer.from("payload") },
      { allowLocal: local() },
    );
    expect(result).toMatchObject({ ok: true, status: 302, redirects: [] });
    expect(connections - before).toBe(0);
  });

  it("re-checks every hop when redirects are allowed", async () => {
    const before = connections;
    // The inner port allowed: only the address rule refuses the hop.
    const ports = { "http:": [80, innerPort], "https:": [443] };
    const opts = { allowLocal: local(), maxRedirects: 5, ports };
    expect(await outboundRequest(`${remoteOrigin}/inward`, {}, opts)).toMatchObject({
      ok: false,
      reason: "blocked-address",
      url: `http://127.0.0.1:${innerPort}/internal-only`,
      redirects: [{ url: `${remoteOrigin}/inward`, status: 302 }],
    });
    expect(
      await outboundRequest(
        `${remoteOrigin}/inward-by-name`,
        {},
        { ...opts, lookup: resolvesTo("127.0.0.1") },
      ),
    ).toMatchObject({ ok: false, reason: "blocked-address" });
    expect(connections - before).toBe(0);

    const chain = await outboundRequest(`${remoteOrigin}/hop1`, {}, opts);
    expect(chain).toMatchObject({
      ok: true,
      status: 200,
      url: `${remoteOrigin}/hello`,
      redirects: [
        { url: `${remoteOrigin}/hop1`, status: 301 },
        { url: `${remoteOrigin}/hop2`, status: 307 },
      ],
    });
    expect(await outboundRequest(`${remoteOrigin}/loop`, {}, opts)).toMatchObject({
      ok: false,
      reason: "too-many-redirects",
    });
    expect(
      await outboundRequest(`${remoteOrigin}/loop`, {}, { ...opts, maxRedirects: 2 }),
    ).toMatchObject({ redirects: [{ status: 302 }, { status: 302 }] });
    expect(await outboundRequest(`${remoteOrigin}/no-location`, {}, opts)).toMatchObject({
      ok: true,
      status: 302,
    });
  });

  it("continues a POST answered 303 as a GET without the body", async () => {
    seen.length = 0;
    const result = await outboundRequest(
      `${remoteOrigin}/see-other`,
      { method: "POST", body: Buffer.from("secret payload"), headers: { "content-type": "x/y" } },
      { allowLocal: local(), maxRedirects: 1 },
    );
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(seen).toEqual([
      { path: "/see-other", method: "POST", body: "secret payload" },
      { path: "/hello", method: "GET", body: "" },
    ]);
  });

  it("bounds time and header size with a fixed reason", async () => {
    expect(
      await outboundRequest(`${remoteOrigin}/slow`, {}, { allowLocal: local(), timeoutMs: 300 }),
    ).toMatchObject({ ok: false, reason: "timeout" });
    expect(
      await outboundRequest(`${remoteOrigin}/huge-header`, {}, { allowLocal: local() }),
    ).toMatchObject({ ok: false, reason: "too-large" });
    expect(
      await outboundRequest(
        "https://does-not-exist.invalid/",
        {},
        {
          allowLocal: [],
          lookup: (_h, _o, cb) => cb(Object.assign(new Error("x"), { code: "ENOTFOUND" }), "", 0),
        },
      ),
    ).toMatchObject({ ok: false, reason: "dns" });
  });
});
