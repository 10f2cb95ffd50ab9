import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_TYPE } from "./deferred-scripts.tsx";
import { deferModuleScripts } from "./deferred-scripts.server.ts";

// The shape React Router and React write (taken from a drawn home page, shortened).
const page = (body = "<main>Jobs</main>") =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/public-1.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/framework-1.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0=="/>' +
  '<script type="application/ld+json">{"a":"<link rel=\\"modulepreload\\">"}</script>' +
  `</head><body>${body}` +
  '<script nonce="n0==">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0==" type="module" async="">;\nimport * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");</script>' +
  '<script nonce="n0==">(()=>{})()</script></body></html>';

const defer = (html: string) => deferModuleScripts(Buffer.from(html)).toString();

describe("deferModuleScripts", () => {
  it("moves the module preloads onto the module script and gives it a type no browser runs", () => {
    const out = defer(page());
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain(
      `<script nonce="n0==" type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/entry.client-1.js /assets/framework-1.js">;\nimport * as route0`,
    );
    expect(out).not.toContain('type="module"');
  });

  it("leaves every other byte as it was", () => {
    const html = page("<p>नौकरी ₹ 25,000</p>");
    const out = defer(html);
    const restored = out
      .replace(
        ` type="${DEFERRED_MODULE_TYPE}" data-preload="/assets/entry.client-1.js /assets/framework-1.js">`,
        ' type="module" async="">',
      )
      .replace(
        "<script type=",
        '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0=="/><link rel="modulepreload" href="/assets/framework-1.js" nonce="n0=="/><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0=="/><script type=',
      );
    expect(restored).toBe(html);
  });

  it("returns a page without React Router's module script as it was", () => {
    const html = '<html><head></head><body><p>type="module" async=""></p></body></html>';
    expect(defer(html)).toBe(html);
    const noHead = '<body><script type="module" async="">x</script></body>';
    expect(defer(noHead)).toBe(noHead);
  });

  it("does not take the attribute's text for the tag when it is not inside one", () => {
    // The last match sits in a text node after a closed script tag: not a script of its own.
    const html =
      '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script>x</script><p> type="module" async=""></p></body></html>';
    expect(defer(html)).toBe(html);
  });
});
