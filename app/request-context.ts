import { createContext } from "react-router";

/** Per-request values the Express server hands to React Router (see server/app.ts). */
export const nonceContext = createContext<string>("");
