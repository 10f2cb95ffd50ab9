import { describe, expect, it } from "vitest";
import { packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import { pack, unpack } from "./packed.ts";

describe("packed loader data", () => {
  it("round-trips a value through one JSON text", () => {
    const value = {
      sections: [{ id: "dates", fields: [{ name: "lastDate", label: "Last date" }] }],
    };
    const packed = pack(value);
    expect(typeof packed).toBe("string");
    expect(unpack(packed)).toEqual(value);
  });

  it("parses a text once on the server, however many pages read it", () => {
    const packed = pack({ words: ["भर्ती", "result"] });
    const first = unpack(packed);
    expect(unpack(packed)).toBe(first);
    // An equal text made elsewhere is the same value too (the memo is by content).
    expect(unpack(pack({ words: ["भर्ती", "result"] }))).toBe(first);
  });

  it("packs a language's words once per language and set of areas", () => {
    const en = packedStrings("en", "shell", "common");
    expect(packedStrings("en", "shell", "common")).toBe(en);
    expect(unpack(en)).toEqual(stringsFor("en", "shell", "common"));
    const hi = packedStrings("hi", "shell", "common");
    expect(hi).not.toBe(en);
    expect(unpack(hi).shell.skipToContent).toBe(stringsFor("hi", "shell").shell.skipToContent);
    expect(unpack(hi).shell.skipToContent).not.toBe(unpack(en).shell.skipToContent);
  });
});
