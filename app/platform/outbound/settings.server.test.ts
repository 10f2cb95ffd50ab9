import { describe, expect, it } from "vitest";
import { outboundEnv, parseEnv } from "../env.server.ts";
import { pushEndpointPolicy } from "../../alerts/channels/push-endpoints.server.ts";
import { parseLocalAllowances } from "./settings.server.ts";

const SECRET = "s".repeat(32);
const base = { AUTH_SECRET: SECRET, BASE_URL: "http://localhost" };

describe("OUTBOUND_ALLOW_LOCAL (the test setting that lets local hosts through)", () => {
  it("reads HOST and HOST:PORT entries, normalised as URLs are", () => {
    expect(parseLocalAllowances("127.0.0.1:4000, localhost [::1]:8080,127.1")).toEqual([
      { host: "127.0.0.1", port: 4000 },
      { host: "localhost" },
      { host: "[::1]", port: 8080 },
      { host: "127.0.0.1" },
    ]);
    expect(parseLocalAllowances(undefined)).toEqual([]);
    expect(() => parseLocalAllowances("http://127.0.0.1:4000")).toThrow(/not HOST or HOST:PORT/);
    expect(() => parseLocalAllowances("127.0.0.1:99999")).toThrow(/not HOST or HOST:PORT/);
  });

  it("is refused with NODE_ENV=production unless the second setting says so", () => {
    const local = { ...base, OUTBOUND_ALLOW_LOCAL: "127.0.0.1:4000" };
    expect(() => parseEnv({ ...local, NODE_ENV: "production" })).toThrow(
      /OUTBOUND_ALLOW_LOCAL lets the server reach local addresses/,
    );
    expect(
      parseEnv({ ...local, NODE_ENV: "production", OUTBOUND_ALLOW_LOCAL_IN_PRODUCTION: "1" })
        .OUTBOUND_ALLOW_LOCAL,
    ).toEqual([{ host: "127.0.0.1", port: 4000 }]);
    expect(parseEnv({ ...local, NODE_ENV: "development" }).OUTBOUND_ALLOW_LOCAL).toEqual([
      { host: "127.0.0.1", port: 4000 },
    ]);
    expect(parseEnv({ ...base, NODE_ENV: "production" }).OUTBOUND_ALLOW_LOCAL).toEqual([]);
    expect(() => parseEnv({ ...base, OUTBOUND_ALLOW_LOCAL: "a b:c" })).toThrow(
      /Invalid configuration: OUTBOUND_ALLOW_LOCAL "b:c" is not HOST or HOST:PORT/,
    );
    // Read on its own (the client's default), production without the second yes gets nothing.
    expect(outboundEnv({ ...local, NODE_ENV: "production" }).OUTBOUND_ALLOW_LOCAL).toEqual([]);
  });
});

describe("PUSH_SERVICE_HOSTS", () => {
  it("adds hosts to the browsers' push services and refuses what is not a host name", () => {
    expect(
      pushEndpointPolicy({ PUSH_SERVICE_HOSTS: "push.example.com, *.Push.Example.NET." }),
    ).toEqual({
      hosts: [
        "fcm.googleapis.com",
        "*.push.services.mozilla.com",
        "*.push.apple.com",
        "*.notify.windows.com",
        "push.example.com",
        "*.push.example.net",
      ],
      allowLocal: [],
    });
    for (const bad of ["https://push.example.com", "127.0.0.1", "*", "push.example.com:443"])
      expect(() => parseEnv({ ...base, PUSH_SERVICE_HOSTS: bad }), bad).toThrow(
        /PUSH_SERVICE_HOSTS .* is not a host name/,
      );
  });
});
