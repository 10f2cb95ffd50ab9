// npm run user:create -- --email EMAIL --password PASSWORD [--admin] [--name NAME]
// Creates the user, or updates the password (and role) of an existing one.
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAuth } from "~/server/auth.server.ts";
import { migrate, openDatabase } from "~/server/db/db.server.ts";
import { ConfigError, parseEnv } from "~/server/env.server.ts";
import { upsertUser, WeakPasswordError } from "~/server/users.server.ts";

const usage =
  "usage: npm run user:create -- --email EMAIL --password PASSWORD [--admin] [--name NAME]";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      admin: { type: "boolean", default: false },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${usage}`);
}
if (!args.email || !args.password) fail(usage);
if (!z.email().safeParse(args.email).success) fail(`"${args.email}" is not an e-mail address.`);

let env;
try {
  env = parseEnv();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}

const database = openDatabase(env.DATABASE_URL);
try {
  await migrate(database);
  const auth = createAuth(database.db, database.dialect, env);
  const { created } = await upsertUser(auth, {
    email: args.email,
    password: args.password,
    name: args.name,
    admin: args.admin,
  });
  console.log(`${created ? "Created" : "Updated"} ${args.email}${args.admin ? " (admin)" : ""}.`);
} catch (err) {
  if (err instanceof WeakPasswordError) fail(err.message);
  fail(`Could not save the user: ${(err as Error).message}`);
} finally {
  await database.close();
}
