import { createContext, use } from "react";

/**
 * The page's script, asked for once the page has been drawn (issue 33, first paint on a cheap
 * phone). React Router writes a `<link rel="modulepreload">` into the head for every module the
 * page hydrates with (107 KB of them React and React Router) and an inline module script that
 * imports them. On a slow link those downloads start with the stylesheet and share the line with
 * it, and the page stays blank until the stylesheet is whole. So the server takes the preloads out
 * of the head and gives the module script a type the browser does not run (deferModuleScripts in
 * deferred-scripts.server.ts), and `StartScripts`, an inline classic script after it, puts both
 * back once the first frame is drawn: a classic script in the body runs only after the stylesheets
 * above it have loaded, then waits for the next frame (requestAnimationFrame, then a task). A tab
 * opened in the background starts them at once. Without JavaScript nothing changes.
 * `npm run bench -- --first-paint` measures both (docs/PERFORMANCE.md).
 */
export const DEFERRED_MODULE_TYPE = "govjobs/module";

/** The attribute of the deferred script that lists the modules to preload, space-separated. */
export const DEFERRED_PRELOADS = "data-preload";

/** The CSP nonce of the request being drawn; the browser's bundle leaves it empty. */
export const ScriptNonce = /* @__PURE__ */ createContext("");

// Written once, as the browser runs it (a string: no build step may rename what it names). Only
// the server writes it: hydration adopts the element as it is (React does not compare
// dangerouslySetInnerHTML), so the browser's bundle carries none of it.
const START = !import.meta.env.SSR
  ? ""
  : `(()=>{const s=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!s)return;const start=()=>{for(const href of (s.getAttribute("${DEFERRED_PRELOADS}")||"").split(" ")){if(!href)continue;const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}const m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)};if(document.visibilityState==="visible")requestAnimationFrame(()=>setTimeout(start));else start()})()`;

/** The inline script that starts the page's modules; rendered right after React Router's. */
export function StartScripts() {
  const nonce = import.meta.env.SSR ? use(ScriptNonce) : "";
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: START }}
    />
  );
}
