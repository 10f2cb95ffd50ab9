// The classes of IP addresses (issue 25): which are public unicast, and what the others are. Pure
// and browser-safe: the guarded client (app/platform/outbound) applies it before it connects, and
// the link fields of entries (app/content/fields.ts) refuse what it does not call public.

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

export function classifyV4(n: number): AddressClass {
  for (const [base, bits, kind] of IPV4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return "public";
}

export function parseV4(text: string): number {
  const [a, b, c, d] = text.split(".").map(Number);
  return v4(a, b, c, d);
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
export function parseV6(text: string): number[] {
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

export function classifyV6(g: number[]): AddressClass {
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

const DOTTED = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * The class of a host as the WHATWG URL parser gives it (`new URL(…).hostname`), which has
 * already turned every IPv4 spelling ("127.1", "2130706433", "0x7f.1") into dotted decimal and
 * every IPv6 literal into "[…]" groups; "name" for a name. No lookup is made.
 */
export function classifyUrlHostname(hostname: string): AddressClass | "name" {
  if (hostname.startsWith("[")) return classifyV6(parseV6(hostname.slice(1, -1).toLowerCase()));
  return DOTTED.test(hostname) ? classifyV4(parseV4(hostname)) : "name";
}
