import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server.ts";

describe("sanitizeRichText", () => {
  it("keeps formatting and safe links", () => {
    expect(
      sanitizeRichText('<h2>Hi</h2><p><strong>a</strong> <a href="https://x.example">x</a></p>'),
    ).toBe(
      '<h2>Hi</h2><p><strong>a</strong> <a href="https://x.example" rel="noopener noreferrer nofollow">x</a></p>',
    );
  });

  it("drops scripts, event handlers and javascript: links", () => {
    const out = sanitizeRichText(
      '<p onclick="alert(1)">t</p><script>alert(1)</script><a href="javascript:alert(1)">j</a><img src=x onerror=alert(1)>',
    );
    expect(out).toBe('<p>t</p><a rel="noopener noreferrer nofollow">j</a>');
  });
});
