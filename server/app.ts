import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { services } from "~/server/services.server.ts";

/** Open the database (migrating and seeding it) before the first request is accepted. */
export async function start(): Promise<void> {
  await services();
}

export const app = express();
app.disable("x-powered-by");

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
  }),
);
