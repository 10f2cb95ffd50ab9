import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";
import { clientAddress, NO_PROXIES, parseTrustedProxies } from "./client-address.server.ts";

describe("clientAddress", () => {
  it("ignores X-Forwarded-For unless proxies are trusted (a visitor writes that header)", () => {
    expect(clientAddress("203.0.113.9", "1.2.3.4", NO_PROXIES)).toBe("203.0.113.9");
    expect(clientAddress("::ffff:203.0.113.9", undefined, NO_PROXIES)).toBe("203.0.113.9");
    expect(clientAddress(undefined, undefined, NO_PROXIES)).toBe("unknown");
  });

  it("with a count of hops, takes the address the outermost trusted proxy saw", () => {
    const one = parseTrustedProxies("1");
    // The visitor forged "6.6.6.6"; the proxy appended the real address it saw.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7", one)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "198.51.100.7", one)).toBe("198.51.100.7");
    const two = parseTrustedProxies("2");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9", two)).toBe("198.51.100.7");
    // A chain shorter than the count did not pass through every proxy: its first hop is the best.
    expect(clientAddress("10.0.0.2", undefined, two)).toBe("10.0.0.2");
  });

  it("with a list, takes the right-most address that is not a trusted proxy", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 2001:db8::/32, 192.0.2.7");
    expect(clientAddress("10.1.2.3", "6.6.6.6, 198.51.100.7, 192.0.2.7", list)).toBe(
      "198.51.100.7",
    );
    expect(clientAddress("2001:db8::1", ["6.6.6.6", "198.51.100.8"], list)).toBe("198.51.100.8");
    // A peer that is not a trusted proxy is the client, whatever it claims to forward.
    expect(clientAddress("198.51.100.9", "6.6.6.6", list)).toBe("198.51.100.9");
    // A forged left-most hop never wins, even when every other hop is trusted.
    expect(clientAddress("10.1.2.3", "7.7.7.7, 10.2.2.2", list)).toBe("7.7.7.7");
  });

  it("refuses settings it cannot read, naming the bad item", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/"10.0.0.0\/33" is not an address/);
    expect(() => parseTrustedProxies("proxy.example")).toThrow(/not an address or CIDR/);
    expect(() => parseTrustedProxies("50")).toThrow(/more than any real chain/);
    expect(parseTrustedProxies("0")).toBe(NO_PROXIES);
  });

  it("stops the process on the old TRUSTED_IP_HEADER and on a bad TRUSTED_PROXIES", () => {
    const base = { AUTH_SECRET: "x".repeat(40) };
    expect(() => parseEnv({ ...base, TRUSTED_IP_HEADER: "x-forwarded-for" })).toThrow(
      /TRUSTED_IP_HEADER is no longer read/,
    );
    expect(() => parseEnv({ ...base, TRUSTED_PROXIES: "everyone" })).toThrow(
      /TRUSTED_PROXIES "everyone" is not an address/,
    );
    expect(parseEnv({ ...base, TRUSTED_PROXIES: "1" }).TRUSTED_PROXIES).toEqual({
      kind: "hops",
      hops: 1,
    });
  });
});
