import { createContext, use } from "react";

/**
 * The request's CSP nonce, provided by entry.server while it draws the HTML. The browser's bundle
 * has none: hydration adopts the server's script element as it is (React does not compare
 * dangerouslySetInnerHTML when hydrating, and browsers hide a nonce from the DOM).
 */
export const ScriptNonce = /* @__PURE__ */ createContext("");

/**
 * A script the browser runs where the parser meets it, before it draws what follows: for what the
 * first paint must already know and only the browser can tell (see MARK_PUSH_SCRIPT). A cached
 * page's CSP allows it by its hash (inlineScriptHashes), a drawn one by the nonce.
 */
export function InlineScript({ code }: { code: string }) {
  const nonce = import.meta.env.SSR ? use(ScriptNonce) : "";
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: code }}
    />
  );
}
