import type { TestProject } from "vitest/node";
import { startThrowawayPostgres } from "./postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Start one PostgreSQL for the whole run unless TEST_DATABASE_URL names one. */
export default function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide("postgresUrl", given);
    return;
  }
  const pg = startThrowawayPostgres();
  console.log(`[test] throwaway PostgreSQL at ${pg.url}`);
  project.provide("postgresUrl", pg.url);
  return () => pg.stop();
}
