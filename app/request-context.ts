import { createContext } from "react-router";

/** Per-request values the Express server hands to React Router (see server/app.ts). */
export const nonceContext = createContext<string>("");

/** Set by the redirect check when a 410 rule names this path: the page says it was removed. */
export const goneContext = createContext<boolean>(false);
