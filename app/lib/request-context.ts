import { createContext } from "react-router";

/** Per-request values the Express server hands to React Router (see http/app.ts). */
export const nonceContext = createContext<string>("");

/**
 * The page's structured data (JSON-LD), serialized: set by its loader (structuredData in
 * ~/seo/seo.server.ts), written into the HTML by entry.server, never part of the loader data.
 */
export const jsonLdContext = createContext<readonly string[]>([]);

/** Set by the redirect check when a 410 rule names this path: the page says it was removed. */
export const goneContext = createContext<boolean>(false);
