import type { en } from "./en/index.ts";

/**
 * The catalogue's shape is the English one: the Hindi catalogue is typed with it, so a key
 * missing in Hindi (or a Hindi function taking other arguments) fails the type check.
 */
export type Catalog = typeof en;
export type Area = keyof Catalog;
