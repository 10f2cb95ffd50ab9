import { describe, expect, it } from "vitest";
import { requestLocale } from "./catalog.server.ts";

describe("the language of a request", () => {
  // Found by the click-through crawl: a client-side navigation to the Hindi home page fetches
  // /hi.data, which was read as English, so /hi showed the English home page and header.
  it("is read from the page's path, for a document and for its data request alike", () => {
    const locale = (path: string) => requestLocale(new Request(`http://localhost${path}`));
    expect(locale("/hi")).toBe("hi");
    expect(locale("/hi.data")).toBe("hi");
    expect(locale("/hi.data?_routes=home-hi")).toBe("hi");
    expect(locale("/hi/jobs.data")).toBe("hi");
    expect(locale("/hi/jobs")).toBe("hi");
    expect(locale("/_root.data")).toBe("en");
    expect(locale("/jobs.data")).toBe("en");
    expect(locale("/hiring.data")).toBe("en");
    expect(locale("/history")).toBe("en");
  });
});
