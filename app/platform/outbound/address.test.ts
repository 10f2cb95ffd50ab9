import { describe, expect, it } from "vitest";
import { classifyAddress, classifyHost, hostAddress } from "./address.ts";

// Issue 25: push endpoints reached loopback and private services; each form below is one an
// attacker can type into a URL or make a DNS name answer with.
describe("classifyHost: URL host literals", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.1", "loopback"],
    ["2130706433", "loopback"],
    ["0x7f.1", "loopback"],
    ["0x7f000001", "loopback"],
    ["017700000001", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["127.0.0.1.", "loopback"],
    ["127.255.255.254", "loopback"],
    ["[::1]", "loopback"],
    ["[0:0:0:0:0:0:0:1]", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["[::ffff:7f00:1]", "loopback"],
    ["[0:0:0:0:0:ffff:7f00:1]", "loopback"],
    ["[::127.0.0.1]", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["0", "unspecified"],
    ["[::]", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["[::ffff:192.168.1.1]", "private"],
    ["[::ffff:10.0.0.1]", "private"],
    ["169.254.169.254", "link-local"],
    ["[::ffff:169.254.169.254]", "link-local"],
    ["[fe80::1]", "link-local"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["[ff02::1]", "multicast"],
    ["[fc00::1]", "unique-local"],
    ["[fd12:3456:789a::1]", "unique-local"],
    ["[64:ff9b::127.0.0.1]", "loopback"],
    ["[64:ff9b::10.0.0.1]", "private"],
    ["[2002:7f00:1::]", "reserved"],
    ["[2001::1]", "reserved"],
    ["[2001:db8::1]", "documentation"],
    ["192.0.2.1", "documentation"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.1", "reserved"],
  ])("%s is %s", (host, kind) => {
    expect(classifyHost(host)).toBe(kind);
  });

  it.each([
    ["8.8.8.8", "public"],
    ["142.250.183.10", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.0", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.0", "public"],
    ["[2a00:1450:4009:81f::200a]", "public"],
    ["[2606:4700::6810:84e5]", "public"],
    ["[::ffff:8.8.8.8]", "public"],
  ])("%s is %s", (host, kind) => {
    expect(classifyHost(host)).toBe(kind);
  });

  it("leaves names to the resolver, trailing dot or not", () => {
    expect(classifyHost("fcm.googleapis.com")).toBe("name");
    expect(classifyHost("localhost")).toBe("name");
    expect(classifyHost("127.0.0.1.nip.io")).toBe("name");
    expect(hostAddress("2130706433")).toBe("127.0.0.1");
    expect(hostAddress("[::ffff:127.0.0.1]")).toBe("::ffff:127.0.0.1");
  });
});

describe("classifyAddress: what DNS and sockets report", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["fe80::1%eth0", "link-local"],
    ["::ffff:169.254.169.254", "link-local"],
    ["fd00::1", "unique-local"],
    ["2a00:1450:4009:81f::200a", "public"],
    ["93.184.215.14", "public"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("refuses what is not an address at all", () => {
    expect(classifyAddress(undefined)).toBe("reserved");
    expect(classifyAddress("")).toBe("reserved");
    expect(classifyAddress("localhost")).toBe("reserved");
    expect(classifyAddress("1.2.3.4.5")).toBe("reserved");
  });
});
