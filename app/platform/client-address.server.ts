import { BlockList, isIP } from "node:net";

/**
 * Who is on the other end of a request: the one answer every limiter (sign-in, contact, search),
 * the request log and better-auth key on.
 *
 * By default the client is the socket's peer and forwarding headers are ignored: any visitor can
 * write `X-Forwarded-For`. Behind reverse proxies, TRUSTED_PROXIES says which hops to believe,
 * either as a count ("1": one proxy, e.g. a load balancer, sits in front) or as a list of
 * addresses and CIDR ranges ("10.0.0.0/8, 2001:db8::/32"). The client is then the right-most
 * address of the chain (X-Forwarded-For followed by the peer) that is not a trusted proxy:
 * proxies append to the header, so everything left of the first untrusted hop was written by the
 * client itself and proves nothing.
 */
export type TrustedProxies =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "list"; list: BlockList; source: string };

export const NO_PROXIES: TrustedProxies = { kind: "none" };

/** The header the server writes for the app (always overwritten; a visitor's copy is dropped). */
export const CLIENT_ADDRESS_HEADER = "x-govjobs-client-ip";

export class TrustedProxiesError extends Error {}

/** Reads TRUSTED_PROXIES: unset or "0" → none; "N" → N hops; otherwise addresses and CIDRs. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0") return NO_PROXIES;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      throw new TrustedProxiesError(
        `${text} proxies is more than any real chain; give the count of proxies in front of govjobs (usually 1 or 2) or their addresses`,
      );
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const item of text.split(",").map((s) => s.trim())) {
    const [address, prefix, extra] = item.split("/");
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d+$/.test(prefix) || bits > max))
    ) {
      throw new TrustedProxiesError(
        `"${item}" is not an address or CIDR range; use a count such as 1, or a list such as 10.0.0.0/8, 192.0.2.7`,
      );
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return { kind: "list", list, source: text };
}

/** "::ffff:203.0.113.9" (an IPv4 client on a dual-stack socket) is 203.0.113.9. */
function normalize(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The client's address for a request that arrived from `peer` with this X-Forwarded-For. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  const socket = peer ? normalize(peer) : "unknown";
  if (trusted.kind === "none") return socket;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [
    ...header
      .split(",")
      .map(normalize)
      .filter((hop) => hop !== ""),
    socket,
  ];
  let client: string;
  if (trusted.kind === "hops") {
    // The last `hops` entries are our proxies; a shorter chain did not pass through them all.
    client = chain[Math.max(0, chain.length - 1 - trusted.hops)];
  } else {
    let at = chain.length - 1;
    while (at > 0 && isTrusted(trusted.list, chain[at])) at--;
    client = chain[at];
  }
  return client.slice(0, 100);
}
