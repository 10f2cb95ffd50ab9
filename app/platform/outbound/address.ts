// Which addresses the server may connect to on behalf of someone else (issue 25): only public
// unicast ones. Everything here is pure; the guarded client (client.server.ts) applies it to the
// URL's host before connecting and to every address a name resolves to at connect time.
import { isIPv4, isIPv6 } from "node:net";
import { classifyV4, classifyV6, parseV4, parseV6, type AddressClass } from "~/lib/ip-address.ts";

export type { AddressClass } from "~/lib/ip-address.ts";

/**
 * The class of an IP address as DNS or a socket gives it ("10.0.0.1", "::ffff:127.0.0.1",
 * "fe80::1%eth0"). Anything that is not a well-formed address is "reserved": refused.
 */
export function classifyAddress(address: string | undefined): AddressClass {
  if (!address) return "reserved";
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIPv4(bare)) return classifyV4(parseV4(bare));
  if (isIPv6(bare)) return classifyV6(parseV6(bare.toLowerCase()));
  return "reserved";
}

/**
 * The IP address a URL host stands for, in the form the WHATWG URL parser gives it (which is
 * what `fetch` and `http.request` connect to): "127.1", "2130706433", "0x7f.1" and "017700000001"
 * are all 127.0.0.1; "[::ffff:127.0.0.1]" is ::ffff:7f00:1. Undefined for a name.
 */
export function hostAddress(host: string): string | undefined {
  if (host.startsWith("[")) {
    const inner = host.slice(1, -1);
    return isIPv6(inner) ? inner : undefined;
  }
  let normal: string;
  try {
    normal = new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
  if (normal.startsWith("[")) return normal.slice(1, -1);
  return isIPv4(normal) ? normal : undefined;
}

/** A host (name or literal) as the client sees it: a literal's class, or "name" to resolve. */
export function classifyHost(host: string): AddressClass | "name" {
  const address = hostAddress(host);
  return address === undefined ? "name" : classifyAddress(address);
}
