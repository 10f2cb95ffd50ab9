// Which addresses the server may connect to on behalf of someone else (issue 25): only public
// unicast ones. Everything here is pure; the guarded client (client.server.ts) applies it to the
// URL's host before connecting and to every address a name resolves to at connect time.
import { isIPv4, isIPv6 } from "node:net";

export type AddressClass =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  /** 100.64.0.0/10, carrier-grade NAT. */
  | "shared"
  | "multicast"
  /** fc00::/7. */
  | "unique-local"
  | "documentation"
  /** Reserved, deprecated or special-purpose ranges no push service or web site lives in. */
  | "reserved";

type Range = readonly [base: number, bits: number, kind: Exclude<AddressClass, "public">];

const v4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IANA's IPv4 special-purpose registry, as far as it matters for where we connect. */
const IPV4_RANGES: readonly Range[] = [
  [v4(0, 0, 0, 0), 8, "unspecified"],
  [v4(10, 0, 0, 0), 8, "private"],
  [v4(100, 64, 0, 0), 10, "shared"],
  [v4(127, 0, 0, 0), 8, "loopback"],
  [v4(169, 254, 0, 0), 16, "link-local"],
  [v4(172, 16, 0, 0), 12, "private"],
  [v4(192, 0, 0, 0), 24, "reserved"],
  [v4(192, 0, 2, 0), 24, "documentation"],
  [v4(192, 88, 99, 0), 24, "reserved"],
  [v4(192, 168, 0, 0), 16, "private"],
  [v4(198, 18, 0, 0), 15, "reserved"],
  [v4(198, 51, 100, 0), 24, "documentation"],
  [v4(203, 0, 113, 0), 24, "documentation"],
  [v4(224, 0, 0, 0), 4, "multicast"],
  [v4(240, 0, 0, 0), 4, "reserved"],
];

function classifyV4(n: number): AddressClass {
  for (const [base, bits, kind] of IPV4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return "public";
}

function parseV4(text: string): number {
  const [a, b, c, d] = text.split(".").map(Number);
  return v4(a, b, c, d);
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function parseV6(text: string): number[] {
  // A dotted IPv4 tail ("::ffff:127.0.0.1") becomes its two hex groups.
  const s = text.replace(/(\d+\.\d+\.\d+\.\d+)$/, (dotted) => {
    const n = parseV4(dotted);
    return `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  });
  const [head, rest] = s.split("::") as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(rest ?? "");
  const middle = rest === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...middle, ...right];
}

function classifyV6(g: number[]): AddressClass {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const embedded = (g[6] << 16) | g[7];
  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && g[7] === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped): the IPv4 address itself, as the socket layer treats it.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyV4(embedded >>> 0);
  // ::a.b.c.d (compatible, deprecated): never a real destination.
  if (zeroUpTo(6)) {
    const inner = classifyV4(embedded >>> 0);
    return inner === "public" ? "reserved" : inner;
  }
  // 64:ff9b::/96, NAT64: reaches the embedded IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return classifyV4(embedded >>> 0);
  if ((g[0] & 0xfe00) === 0xfc00) return "unique-local";
  if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
  // fec0::/10, site-local (deprecated): private by intent.
  if ((g[0] & 0xffc0) === 0xfec0) return "private";
  if ((g[0] & 0xff00) === 0xff00) return "multicast";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  // 2001::/23 (Teredo and other protocol assignments) and 2002::/16 (6to4) embed or relay
  // other addresses.
  if (g[0] === 0x2001 && g[1] < 0x0200) return "reserved";
  if (g[0] === 0x2002) return "reserved";
  // Global unicast is 2000::/3; everything else is unassigned or special.
  if ((g[0] & 0xe000) !== 0x2000) return "reserved";
  return "public";
}

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
